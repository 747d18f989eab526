import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowUpload } from '../testing/slow-upload';
import { createTestApp, type TestApp } from '../testing/test-app';

/** A 5 MB reward-cycle statement: more than the sockets' buffers hold. */
const statement = JSON.stringify({
  cycle: 1,
  entries: Array.from({ length: 110_000 }, (_, index) => ({
    bingXUID: String(700_000_000 + index),
    masterAmount: '1.50',
  })),
});

/**
 * The drain (issue 42) over a real connection, not `inject`: what a client meets is decided by the
 * socket, which `inject` has none of. The 503 of an upload begun during the drain, given before
 * its body had all arrived, closed the connection under the body still being sent: the client met
 * EPIPE, every time, with a body this size.
 */
describe('the drain, for an upload begun during it', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    t.app.drain.start();
  });
  afterAll(() => t?.close());

  it('reads its body to the end, then tells it to come back (503, Retry-After): never a reset', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const upload = slowUpload(`${baseUrl}/api/rewards/admin/cycles`, statement);
      await upload.headersSent;
      await upload.finish();
      const outcome = await upload.outcome;
      expect(outcome.error, `attempt ${attempt}: ${JSON.stringify(outcome)}`).toBeUndefined();
      expect(outcome).toMatchObject({ status: 503, retryAfter: '5' });
      expect(JSON.parse(outcome.body as string)).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
    }
  });
});
