import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import { createMember, statusesOf } from '../../testing/builders';
import {
  approveBatch,
  batchOf,
  exportBatch,
  secondApprovalAbove,
  seedPendingWithdrawals,
} from '../../testing/payout-builders';

/**
 * Four eyes over a window, not per batch: an administrator exports without a second approval at
 * most PAYOUT_SECOND_APPROVAL_ABOVE (here 100 USDT) in any rolling 24 hours, whatever the number
 * of batches it is split into. A batch counts once per administrator, at their first export of it.
 */
describe('four eyes over a rolling 24 hours', () => {
  const t = testAppForFile(secondApprovalAbove('100'));
  let exporter: UserRow;
  let other: UserRow;
  const start = new Date('2026-11-26T08:00:00Z');

  beforeAll(async () => {
    other = await createMember(t.database.db, { isAdmin: true });
  });

  const exportOf = (batchId: string, caller: UserRow, format?: string) => exportBatch(t.app, caller, batchId, format);
  const approve = (batchId: string, caller: UserRow) => approveBatch(t.app, caller, batchId);
  /** A batch of one pending withdrawal of `amount`, created by the other administrator. */
  const batchWorth = async (amount: string) =>
    batchOf(t.app, other, await seedPendingWithdrawals(t.database.db, await createMember(t.database.db), [amount]));

  it('refuses the second of two batches under the limit whose sum exceeds it, until another administrator approves it', async () => {
    exporter = await createMember(t.database.db, { isAdmin: true });
    t.clock.set(start);
    const first = await batchWorth('60');
    const second = await batchWorth('50');
    expect((await exportOf(first, exporter)).statusCode).toBe(200);
    const refused = await exportOf(second, exporter);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('PAYOUT_APPROVAL_REQUIRED');
    // Downloading the first again counts it once, in either format.
    expect((await exportOf(first, exporter, 'safe-json')).statusCode).toBe(200);

    // The exporter cannot approve it away: neither the first (they exported it) nor the second for themselves.
    const byExporter = await approve(first, exporter);
    expect(byExporter.statusCode).toBe(403);
    expect(byExporter.json().errorCode).toBe('PAYOUT_APPROVAL_BY_EXPORTER');
    const approver = await createMember(t.database.db, { isAdmin: true });
    expect((await approve(second, approver)).statusCode).toBe(200);
    expect((await exportOf(second, exporter)).statusCode).toBe(200);
  });

  it('refuses the third of three batches under the limit whose sum exceeds it, and frees the window 24 hours after', async () => {
    exporter = await createMember(t.database.db, { isAdmin: true });
    t.clock.set(start);
    const batches = [await batchWorth('30'), await batchWorth('30'), await batchWorth('40.01')];
    expect((await exportOf(batches[0] as string, exporter)).statusCode).toBe(200);
    t.clock.set(new Date(start.getTime() + 60 * 60_000));
    expect((await exportOf(batches[1] as string, exporter)).statusCode).toBe(200);
    t.clock.set(new Date(start.getTime() + 2 * 60 * 60_000));
    expect((await exportOf(batches[2] as string, exporter)).json().errorCode).toBe('PAYOUT_APPROVAL_REQUIRED');
    // Another administrator has a window of their own.
    const colleague = await createMember(t.database.db, { isAdmin: true });
    expect((await exportOf(batches[2] as string, colleague)).statusCode).toBe(200);

    // 24 hours after the first export only the second counts: 30 + 40.01 fits.
    const another = await batchWorth('40.01');
    t.clock.set(new Date(start.getTime() + 24 * 60 * 60_000 + 1000));
    expect((await exportOf(another, exporter)).statusCode).toBe(200);
  });

  it('lets exactly one of two exports at the same moment through when together they exceed the limit', async () => {
    exporter = await createMember(t.database.db, { isAdmin: true });
    t.clock.set(new Date(start.getTime() + 72 * 60 * 60_000));
    for (let round = 0; round < 3; round += 1) {
      const racer = await createMember(t.database.db, { isAdmin: true });
      const pair = [await batchWorth('60'), await batchWorth('60')];
      const answers = await Promise.all(pair.map((batchId) => exportOf(batchId, racer)));
      expect(statusesOf(answers).sort()).toEqual([200, 409]);
    }
  });
});
