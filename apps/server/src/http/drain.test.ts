import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowUpload } from '../testing/slow-upload';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The drain (issue 42) over a real connection, not `inject`: what a client meets is decided by the
 * socket, which `inject` has none of.
 */
describe('a request that arrives during the drain', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    t.app.drain.start();
  });
  afterAll(() => t?.close());

  it('with a body still coming (a 5 MB statement upload) is read to its end and told to come back, never reset', async () => {
    // More than the sockets' buffers hold: a connection closed after the answer, under the body
    // still being sent, met the client as EPIPE, every time.
    const statement = JSON.stringify({
      cycle: 1,
      entries: Array.from({ length: 110_000 }, (_, index) => ({
        bingXUID: String(700_000_000 + index),
        masterAmount: '1.50',
      })),
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const upload = slowUpload(`${baseUrl}/api/rewards/admin/cycles`, statement);
      await upload.headersSent;
      await upload.finish();
      const outcome = await upload.outcome;
      expect(outcome.error, `attempt ${attempt}`).toBeUndefined();
      expect(outcome).toMatchObject({ status: 503, retryAfter: '5' });
      expect(JSON.parse(outcome.body as string)).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
    }
  });
});
