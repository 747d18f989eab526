import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { fundedMember, payoutsUnverified, requestedWithdrawal } from '../../testing/builders';
import { recordWithdrawalDecisions } from './record-withdrawal-decision';
import { lockWithdrawal } from './withdrawals-repository';

describe('administrators review withdrawals', () => {
  // Decisions here need no chain: approvals are taken on the hash alone.
  const { t, adminHeaders } = adminTestAppForFile({
    config: payoutsUnverified(),
    administrator: { firstName: 'Root' },
  });
  let ada: UserRow;
  let grace: UserRow;
  const ids: string[] = [];

  beforeAll(async () => {
    ada = await fundedMember(t.database.db, '100', { firstName: 'Ada' });
    grace = await fundedMember(t.database.db, '100', { firstName: 'Grace' });
    for (const [member, amount] of [
      [ada, 10],
      [ada, 20],
      [grace, 5],
      [grace, 7.5],
    ] as const) {
      ids.push(await requestedWithdrawal(t, member, amount));
    }
    await t.app.inject({
      method: 'PUT',
      url: `/api/withdrawals/${ids[0]}`,
      headers: adminHeaders,
      payload: { status: 'APPROVED', transactionHash: `0x${'ab'.repeat(32)}` },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/withdrawals/${ids[2]}`,
      headers: adminHeaders,
      payload: { status: 'REJECTED', reason: 'Wrong network' },
    });
  }, 180_000);

  const list = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/withdrawals/admin/all${query}`, headers: adminHeaders })).json();

  it('lists every withdrawal newest first with its member and the statistics of all', async () => {
    const body = await list();
    expect(body.data.withdrawals.map((w: { _id: string }) => w._id)).toEqual([...ids].reverse());
    expect(body.data.withdrawals[0].user).toMatchObject({
      firstName: 'Grace',
      email: grace.email,
      userId: grace.user_id,
    });
    expect(body.data.statistics).toEqual({
      total: 4,
      pending: 2,
      approved: 1,
      rejected: 1,
      blocked: 0,
      totalApprovedAmount: 10,
      totalPendingAmount: 27.5,
      totalAmount: 37.5,
    });
    expect(body.data.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalRecords: 4,
      hasNextPage: false,
      hasPrevPage: false,
      limit: 10,
      resultsCount: 4,
    });
  });

  it('searches by name, e-mail, user ID and wallet, literally', async () => {
    expect((await list('?search=grace')).data.withdrawals).toHaveLength(2);
    expect((await list(`?search=${encodeURIComponent(ada.email)}`)).data.withdrawals).toHaveLength(2);
    expect((await list(`?search=${ada.user_id}`)).data.pagination.totalRecords).toBe(2);
    const wallet = (await list()).data.withdrawals[0].walletAddress as string;
    expect((await list(`?search=${wallet.slice(2, 12).toLowerCase()}`)).data.withdrawals).toHaveLength(1);
    expect((await list('?search=%25')).data.withdrawals).toEqual([]);
    expect((await list('?search=_')).data.withdrawals).toEqual([]);
  });

  it('sorts by amount and filters by status and member', async () => {
    const amounts = (await list('?sort=-amount')).data.withdrawals.map((w: { amount: number }) => w.amount);
    expect(amounts).toEqual([20, 10, 7.5, 5]);
    expect((await list('?status=PENDING')).data.pagination.totalRecords).toBe(2);
    const ofAda = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/user/${ada.id}`,
      headers: adminHeaders,
    });
    expect(ofAda.json().data.withdrawals).toHaveLength(2);
    const ofNobody = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/user/${crypto.randomUUID()}`,
      headers: adminHeaders,
    });
    expect([ofNobody.statusCode, ofNobody.json().errorCode]).toEqual([404, 'USER_NOT_FOUND']);
  });

  it("shows one withdrawal with the member's balance and latest ledger entries", async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/${ids[1]}`,
      headers: adminHeaders,
    });
    expect(answer.json().data).toMatchObject({
      withdrawal: { _id: ids[1], amount: 20, status: 'PENDING', user: { firstName: 'Ada' } },
      balance: { available: 70, totalEarned: 100, totalWithdrawn: 10, onHold: 20 },
    });
    expect(answer.json().data.ledger[0]).toMatchObject({ kind: 'DEBIT_SETTLED', amount: 10 });
    expect(answer.json().data.decidedBy).toBeNull();
    const missing = await t.app.inject({ method: 'GET', url: '/api/withdrawals/admin/nope', headers: adminHeaders });
    expect(missing.statusCode).toBe(404);
  });

  it('says who decided a withdrawal: the administrator by name, or the treasury reconciliation', async () => {
    const review = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/withdrawals/admin/${id}`, headers: adminHeaders })).json().data;
    expect((await review(ids[2] as string)).decidedBy).toEqual({ kind: 'ADMINISTRATOR', name: 'Root Lovelace' });
    const paid = await requestedWithdrawal(t, grace, 1);
    const decidedAt = t.clock.now();
    await t.database.db.transaction().execute(async (trx) => {
      const locked = await lockWithdrawal(trx, paid);
      await recordWithdrawalDecisions(
        trx,
        t.app.context,
        [
          {
            locked: locked!,
            decision: {
              status: 'APPROVED',
              reason: null,
              internalNote: null,
              payment: { transactionHash: `0x${'ef'.repeat(32)}`, logIndex: 0 },
            },
            auditedAs: { decidedBy: 'TREASURY_RECONCILIATION' },
          },
        ],
        { actorId: null },
        decidedAt,
      );
    });
    const reconciled = await review(paid);
    expect(reconciled.decidedBy).toEqual({ kind: 'TREASURY_RECONCILIATION', name: null });
    expect(reconciled.withdrawal.processedAt).toBe(decidedAt.toISOString());
  });

  it.each([['?page=0'], ['?limit=1000'], ['?sort=wallet'], ['?status=DONE'], [`?search=${'x'.repeat(101)}`]])(
    'answers VALIDATION_ERROR to %s',
    async (query) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/withdrawals/admin/all${query}`,
        headers: adminHeaders,
      });
      expect(answer.statusCode).toBe(400);
    },
  );
});
