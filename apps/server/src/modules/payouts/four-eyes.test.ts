import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import { createAdministrator, createMember, sessionHeaders, statusesOf } from '../../testing/builders';
import {
  approveBatch,
  batchOf,
  exportBatch,
  secondApprovalAbove,
  seedPendingWithdrawals,
} from '../../testing/payout-builders';

/**
 * The four-eyes rule of payouts: an administrator exports without a second approval at most
 * PAYOUT_SECOND_APPROVAL_ABOVE (here 100 USDT) — one batch above it, or several that together
 * exceed it in a rolling 24 hours — and the second approval comes from another administrator who
 * may pay out: never the batch's creator nor its exporter. Each describe starts an app of its own.
 */

/** One batch above the limit is exported only once another administrator approved it. */
describe('a second administrator approves a payout batch above the limit', () => {
  const t = testAppForFile(secondApprovalAbove('100'));
  let creator: UserRow;
  let second: UserRow;
  let third: UserRow;

  beforeAll(async () => {
    creator = await createMember(t.database.db, { isAdmin: true });
    second = await createMember(t.database.db, { isAdmin: true, firstName: 'Second' });
    third = await createMember(t.database.db, { isAdmin: true });
  });

  const approve = (batchId: string, caller: UserRow) => approveBatch(t.app, caller, batchId);
  const exportOf = (batchId: string) => exportBatch(t.app, creator, batchId);

  it('refuses the export of a batch above the limit until a second administrator approves it', async () => {
    const member = await createMember(t.database.db);
    const batchId = await batchOf(t.app, creator, await seedPendingWithdrawals(t.database.db, member, ['60', '40.01']));
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batchId}`,
      headers: sessionHeaders(t.app, creator),
    });
    expect(before.json().data.batch).toMatchObject({
      total: 100.01,
      approval: { required: true, approvedBy: null },
      exportable: false,
    });
    const refused = await exportOf(batchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('PAYOUT_APPROVAL_REQUIRED');

    const byCreator = await approve(batchId, creator);
    expect(byCreator.statusCode).toBe(403);
    expect(byCreator.json().errorCode).toBe('PAYOUT_APPROVAL_BY_CREATOR');
    expect((await exportOf(batchId)).statusCode).toBe(409);

    t.clock.set(new Date('2026-11-26T12:00:00Z'));
    const approved = await approve(batchId, second);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      approval: {
        required: true,
        approvedBy: { _id: second.id, name: 'Second Lovelace', email: second.email },
        approvedAt: '2026-11-26T12:00:00.000Z',
      },
      exportable: true,
    });
    expect((await exportOf(batchId)).statusCode).toBe(200);

    // Idempotent: approving again, even by a third administrator, keeps the first approval and audits it once.
    t.clock.set(new Date('2026-11-26T13:00:00Z'));
    const again = await approve(batchId, third);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.approval).toMatchObject({
      approvedBy: { _id: second.id },
      approvedAt: '2026-11-26T12:00:00.000Z',
    });
    const audits = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', batchId)
      .where('action', '=', 'PAYOUT_BATCH_APPROVED')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: second.id, after: { withdrawals: 2, total: '100.01000000' } });
  });

  it('needs no approval at or under the limit', async () => {
    const member = await createMember(t.database.db);
    const batchId = await batchOf(t.app, creator, await seedPendingWithdrawals(t.database.db, member, ['60', '40']));
    expect((await exportOf(batchId)).statusCode).toBe(200);
  });

  it('answers an unknown batch with 404, and a member with 403 (nothing approved)', async () => {
    expect((await approve(crypto.randomUUID(), second)).json().errorCode).toBe('PAYOUT_BATCH_NOT_FOUND');
    const member = await createMember(t.database.db);
    const batchId = await batchOf(t.app, creator, await seedPendingWithdrawals(t.database.db, member, ['500']));
    expect((await approve(batchId, member)).statusCode).toBe(403);
    const row = await t.database.db
      .selectFrom('payout_batches')
      .select('approved_by')
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(row.approved_by).toBeNull();
  });
});

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

/**
 * Four eyes that follow the people (issue 43): an approval counts only while its approver still
 * holds a role that may approve when the payment starts. A FINANCE administrator approves a
 * 120 USDT batch, the owner demotes them to ANALYST: the batch needs approval again before anyone
 * exports it.
 */
describe('an approval whose approver was demoted', () => {
  const t = testAppForFile(secondApprovalAbove('100'));
  let creator: UserRow;
  let approver: UserRow;
  let owner: UserRow;

  beforeAll(async () => {
    creator = await createAdministrator(t.database.db, 'FINANCE');
    approver = await createAdministrator(t.database.db, 'FINANCE', { firstName: 'Approver' });
    owner = await createAdministrator(t.database.db, 'OWNER', { firstName: 'Owner' });
  });

  const batchView = async (batchId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/withdrawals/admin/batches/${batchId}`,
        headers: sessionHeaders(t.app, creator),
      })
    ).json().data.batch;

  it('counts no more once the approver is an ANALYST: the export is refused until another approves it', async () => {
    const batchId = await batchOf(
      t.app,
      creator,
      await seedPendingWithdrawals(t.database.db, await createMember(t.database.db), ['120']),
    );
    expect((await approveBatch(t.app, approver, batchId)).statusCode).toBe(200);
    expect(await batchView(batchId)).toMatchObject({
      approval: { approvedBy: { _id: approver.id } },
      exportable: true,
    });

    const demoted = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/team/${approver.id}`,
      headers: sessionHeaders(t.app, owner),
      payload: { role: 'ANALYST' },
    });
    expect(demoted.statusCode).toBe(200);
    expect(await batchView(batchId)).toMatchObject({
      approval: { required: true, approvedBy: null, approvedAt: null },
      exportable: false,
    });
    const refused = await exportBatch(t.app, creator, batchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'PAYOUT_APPROVAL_REQUIRED',
      message: expect.stringContaining('its approval no longer counts'),
    });
    const claimed = await t.database.db
      .selectFrom('payout_batches')
      .select('payment_claimed_at')
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(claimed.payment_claimed_at).toBeNull();

    // The owner's approval takes its place, audited, and the export goes through.
    expect((await approveBatch(t.app, owner, batchId)).json().data.approval).toMatchObject({
      approvedBy: { _id: owner.id },
    });
    expect((await exportBatch(t.app, creator, batchId)).statusCode).toBe(200);
    const approvals = await t.database.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('target_id', '=', batchId)
      .where('action', '=', 'PAYOUT_BATCH_APPROVED')
      .orderBy('created_at')
      .execute();
    expect(approvals.map((row) => row.actor_id)).toEqual([approver.id, owner.id]);
  });

  it('counts no more once the approver is suspended', async () => {
    const suspended = await createAdministrator(t.database.db, 'FINANCE');
    const batchId = await batchOf(
      t.app,
      creator,
      await seedPendingWithdrawals(t.database.db, await createMember(t.database.db), ['150']),
    );
    expect((await approveBatch(t.app, suspended, batchId)).statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ admin_status: 'SUSPENDED' })
      .where('id', '=', suspended.id)
      .execute();
    expect((await exportBatch(t.app, creator, batchId)).json().errorCode).toBe('PAYOUT_APPROVAL_REQUIRED');
  });
});
