import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createMember, payoutsUnverified, sessionHeaders } from '../../testing/builders';
import { batchOf, exportBatch, seedPendingWithdrawals } from '../../testing/payout-builders';

/**
 * `GET /withdrawals/admin/batches/{id}`: `filesDownloadedInPayment` says the batch's files were
 * downloaded in its payment under way — what refuses its proposal to the Safe
 * (PAYOUT_BATCH_FILES_EXPORTED) — so the batch page offers no proposal then.
 */
describe('an administrator sees whether a batch’s files were downloaded in its payment', () => {
  const { t, admin: administrator } = adminTestAppForFile({ config: payoutsUnverified() });

  const filesDownloaded = async (batchId: string): Promise<boolean> => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batchId}`,
      headers: sessionHeaders(t.app, administrator),
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().data.filesDownloadedInPayment;
  };
  const release = (batchId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/withdrawals/admin/batches/${batchId}/release`,
      headers: sessionHeaders(t.app, administrator),
      payload: { reason: 'Safe transaction rejected' },
    });

  it('is false before a download, true after one, false again once the batch is released, true at the next', async () => {
    t.clock.set(new Date('2030-02-01T10:00:00Z'));
    const member = await createMember(t.database.db);
    const [first, second] = await seedPendingWithdrawals(t.database.db, member, ['7', '8']);
    const batchId = await batchOf(t.app, administrator, [first as string]);
    const other = await batchOf(t.app, administrator, [second as string]);
    expect(await filesDownloaded(batchId)).toBe(false);

    expect((await exportBatch(t.app, administrator, batchId, 'safe-json')).statusCode).toBe(200);
    expect(await filesDownloaded(batchId)).toBe(true);
    expect(await filesDownloaded(other)).toBe(false);

    t.clock.set(new Date('2030-02-01T10:05:00Z'));
    expect((await release(batchId)).json().data.released).toBe(true);
    expect(await filesDownloaded(batchId)).toBe(false);

    t.clock.set(new Date('2030-02-01T10:10:00Z'));
    expect((await exportBatch(t.app, administrator, batchId)).statusCode).toBe(200);
    expect(await filesDownloaded(batchId)).toBe(true);
  });
});
