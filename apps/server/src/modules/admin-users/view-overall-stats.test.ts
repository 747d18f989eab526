import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import {
  createMember,
  creditReward,
  fundedMember,
  linkedMemberColumns,
  payoutsUnverified,
  requestedWithdrawal,
  uniqueUid,
} from '../../testing/builders';
import { foldLedgerTotals } from '../ledger/ledger-repository';
import { settleLockedRewards } from '../rewards/settle-locked-rewards';

describe('the admin dashboard statistics', () => {
  const { t, adminHeaders } = adminTestAppForFile({ config: payoutsUnverified() });
  let newest: UserRow;

  beforeAll(async () => {
    // Joined yesterday: not new today.
    await createMember(t.database.db, { columns: { created_at: new Date(Date.now() - 86_400_000 * 1.5) } });
    const earner = await fundedMember(t.database.db, '60', { firstName: 'Earner' });
    // A locked reward, released once its owner is compliant: distributed then, not before.
    const locked = await createMember(t.database.db, { firstName: 'Locked' });
    await creditReward(t.database.db, { beneficiary: locked, source: earner, amount: '4', state: 'LOCKED' });
    // A reward with sub-cent digits: 0.12 reaches the balance, 0.00345678 is carried.
    const carrier = await createMember(t.database.db, { firstName: 'Carrier' });
    await creditReward(t.database.db, { beneficiary: carrier, source: earner, amount: '0.12345678' });
    const ids = [await requestedWithdrawal(t, earner, 10), await requestedWithdrawal(t, earner, 5)];
    await t.app.inject({
      method: 'PUT',
      url: `/api/withdrawals/${ids[0]}`,
      headers: adminHeaders,
      payload: { status: 'APPROVED', transactionHash: `0x${'cd'.repeat(32)}` },
    });
    newest = await createMember(t.database.db, { firstName: 'Newest', columns: linkedMemberColumns(uniqueUid()) });
  }, 180_000);

  const stats = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/users/admin/overall-stats', headers: adminHeaders });
    expect(answer.statusCode).toBe(200);
    return answer.json().data;
  };

  it('counts members, withdrawals and distributed rewards as a scan over every row would', async () => {
    const { rows } = await sql<{ total: string; onboarded: string; today: string }>`
      SELECT count(*)::text AS total,
             count(*) FILTER (WHERE subscription_paid_at IS NOT NULL AND bingx_uid IS NOT NULL)::text AS onboarded,
             count(*) FILTER (WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::text
               AS today
        FROM users WHERE deleted_at IS NULL AND NOT is_admin`.execute(t.database.db);
    const truth = rows[0] as { total: string; onboarded: string; today: string };
    const data = await stats();
    expect(data.users).toEqual({
      totalUsers: Number(truth.total),
      completedOnboarding: Number(truth.onboarded),
      newUsersToday: Number(truth.today),
    });
    expect(data.users.newUsersToday).toBe(data.users.totalUsers - 1);
    // 10 approved + 5 pending; 60.12 credited (the locked 4 is not distributed yet).
    expect(data.withdrawals).toEqual({ pendingCount: 1, totalAmount: 15 });
    expect(data.rewards.totalDistributed).toBe(60.12);
  });

  it("gives as distributed what the members' balances were credited, the sum of their Total Earned, beside the exact rewards", async () => {
    const { rows } = await sql<{ earned: string }>`
      SELECT sum(credits_posted)::text AS earned FROM ledger_accounts`.execute(t.database.db);
    const { rewards } = await stats();
    expect(rewards.totalDistributed).toBe(Number(rows[0]?.earned));
    expect(rewards.figures).toEqual({
      exact: 64.12345678,
      credited: 60.12,
      locked: 4,
      forfeited: 0,
      carried: 0.00345678,
      note: "Rows are rounded to the cent. Exact sum 64.12345678 USDT: 60.12 credited, 4.00 locked, 0.00345678 carried to the members' next credits.",
    });
    // Folding the appended changes into the totals' row changes no figure.
    await foldLedgerTotals(t.database.db);
    expect((await stats()).rewards).toEqual(rewards);
  });

  it('lists the latest withdrawals and members, newest first', async () => {
    const data = await stats();
    expect(data.recentWithdrawals.map((row: { amount: number; status: string }) => [row.amount, row.status])).toEqual([
      [5, 'PENDING'],
      [10, 'APPROVED'],
    ]);
    expect(data.recentWithdrawals[0].user).toEqual({ name: 'Earner Lovelace' });
    expect(data.recentJoinedUsers).toHaveLength(5);
    expect(data.recentJoinedUsers[0]).toEqual({
      _id: newest.id,
      name: 'Newest Lovelace',
      email: newest.email,
      joinedAt: newest.created_at.toISOString(),
      onboardingCompleted: true,
    });
  });

  it('counts a released reward as distributed', async () => {
    const locked = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('first_name', '=', 'Locked')
      .executeTakeFirstOrThrow();
    // Paid, linked, 250 USDT on the exchange, and copying (no cycle has run yet): compliant.
    await t.database.db
      .updateTable('users')
      .set(linkedMemberColumns(uniqueUid()))
      .where('id', '=', locked.id)
      .execute();
    expect(await settleLockedRewards(t.app.context)).toEqual({ released: 1, forfeited: 0 });
    expect((await stats()).rewards.totalDistributed).toBe(64.12);
  });
});
