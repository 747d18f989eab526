import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import { createAdministrator, createMember } from '../../testing/builders';
import {
  approveBatch,
  batchOf,
  exportBatch,
  secondApprovalAbove,
  seedPendingWithdrawals,
} from '../../testing/payout-builders';

/**
 * Four eyes between real people of the team: with the limit at 100 USDT, a FINANCE administrator's
 * batch is approved by another FINANCE administrator — never its creator nor its exporter — and
 * an administrator of a role without payouts is no second person at all.
 */
describe('four eyes between two FINANCE administrators', () => {
  const t = testAppForFile(secondApprovalAbove('100'));
  let creator: UserRow;
  let colleague: UserRow;
  let owner: UserRow;

  beforeAll(async () => {
    creator = await createAdministrator(t.database.db, 'FINANCE');
    colleague = await createAdministrator(t.database.db, 'FINANCE', { firstName: 'Colleague' });
    owner = await createAdministrator(t.database.db, 'OWNER');
  });

  const approve = (batchId: string, caller: UserRow) => approveBatch(t.app, caller, batchId);
  const exportBy = (batchId: string, caller: UserRow) => exportBatch(t.app, caller, batchId);
  const outcome = async (answer: ReturnType<typeof approve>) => {
    const settled = await answer;
    return { status: settled.statusCode, code: settled.json().errorCode };
  };

  it('refuses the creator; another FINANCE administrator approves, and the batch can be exported', async () => {
    const batchId = await batchOf(
      t.app,
      creator,
      await seedPendingWithdrawals(t.database.db, await createMember(t.database.db), ['60', '40.01']),
    );
    expect(await outcome(approve(batchId, creator))).toEqual({ status: 403, code: 'PAYOUT_APPROVAL_BY_CREATOR' });
    expect((await exportBy(batchId, creator)).json().errorCode).toBe('PAYOUT_APPROVAL_REQUIRED');

    const approved = await approve(batchId, colleague);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.approval).toMatchObject({ approvedBy: expect.objectContaining({ _id: colleague.id }) });
    expect((await exportBy(batchId, creator)).statusCode).toBe(200);
  });

  it('refuses a FINANCE administrator who exported the batch; an owner may approve it', async () => {
    const batchId = await batchOf(
      t.app,
      creator,
      await seedPendingWithdrawals(t.database.db, await createMember(t.database.db), ['30']),
    );
    expect((await exportBy(batchId, colleague)).statusCode).toBe(200);
    expect(await outcome(approve(batchId, colleague))).toEqual({ status: 403, code: 'PAYOUT_APPROVAL_BY_EXPORTER' });
    expect((await approve(batchId, owner)).statusCode).toBe(200);
  });

  it.each(['SUPPORT', 'ANALYST'] as const)('lets no %s administrator approve', async (role) => {
    const batchId = await batchOf(
      t.app,
      creator,
      await seedPendingWithdrawals(t.database.db, await createMember(t.database.db), ['120']),
    );
    const administrator = await createAdministrator(t.database.db, role);
    expect(await outcome(approve(batchId, administrator))).toEqual({ status: 403, code: 'FORBIDDEN' });
  });
});
