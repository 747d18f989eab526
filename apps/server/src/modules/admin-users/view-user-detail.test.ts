import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import {
  addChain,
  createMember,
  creditReward,
  fundedMember,
  payoutsUnverified,
  requestedWithdrawal,
} from '../../testing/builders';

describe('an administrator inspects one member', () => {
  const { t, adminHeaders } = adminTestAppForFile({ config: payoutsUnverified() });
  let sponsor: UserRow;
  let member: UserRow;
  let downline: UserRow[];

  beforeAll(async () => {
    sponsor = await createMember(t.database.db, { firstName: 'Sponsor' });
    // 100 posted by fundedMember (DIRECT), then 4 DOWNLINE rewards of which one is locked.
    member = await fundedMember(t.database.db, '100', { firstName: 'Member', sponsorId: sponsor.id });
    downline = await addChain(t.database.db, member, 3);
    for (const [cycle, source] of downline.entries()) {
      await creditReward(t.database.db, {
        beneficiary: member,
        source,
        amount: '2.5',
        level: cycle + 1,
        cycle: cycle + 1,
      });
    }
    await creditReward(t.database.db, {
      beneficiary: member,
      source: downline[0] as UserRow,
      amount: '1.25',
      cycle: 9,
      state: 'LOCKED',
    });
    const ids = [await requestedWithdrawal(t, member, 10), await requestedWithdrawal(t, member, 15)];
    await t.app.inject({
      method: 'PUT',
      url: `/api/withdrawals/${ids[0]}`,
      headers: adminHeaders,
      payload: { status: 'APPROVED', transactionHash: `0x${'ab'.repeat(32)}` },
    });
  }, 180_000);

  const detail = (id: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/users/admin/${id}`, query, headers: adminHeaders });

  it('answers every field of the member with balances from the ledger and the referral counts', async () => {
    const answer = await detail(member.id);
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({
      _id: member.id,
      userId: member.user_id,
      firstName: 'Member',
      email: member.email,
      isEmailVerified: true,
      status: 'ACTIVE',
      isAdmin: false,
      deletedAt: null,
      bingXUID: member.bingx_uid,
      referralCode: member.referral_code,
      totalRewards: 107.5,
      lockedRewards: 1.25,
      totalWithdrawn: 10,
      pendingWithdrawals: 15,
      // 107.5 earned − 10 paid − 15 held.
      balance: 82.5,
      referralStats: { totalReferrals: 3, directReferrals: 1 },
      referredBy: { _id: sponsor.id, firstName: 'Sponsor', lastName: 'Lovelace', userId: sponsor.user_id },
      subscriptionFee: { hasPaid: true, amount: 10 },
    });
    expect(data.subscriptionFee.timestamp).toEqual(expect.any(String));
    expect(data).not.toHaveProperty('rewards');
    expect(data).not.toHaveProperty('withdrawals');
  });

  it("sets the rounded rewards beside the ledger in one line: credited, locked, carried to the member's next credit", async () => {
    const carrier = await fundedMember(t.database.db, '3.333');
    await creditReward(t.database.db, { beneficiary: carrier, source: member, amount: '0.33333333', cycle: 4 });
    await creditReward(t.database.db, { beneficiary: carrier, source: member, amount: '1', cycle: 5, state: 'LOCKED' });
    // 3.333 → 3.33 (0.003 carried); 0.33333333 + 0.003 → 0.33 (0.00633333 carried); 1 + 0.00633333 → 1.00 locked.
    const data = (await detail(carrier.id)).json().data;
    expect(data).toMatchObject({ totalRewards: 3.66, balance: 3.66, pendingWithdrawals: 0, lockedRewards: 1 });
    expect(data.rewardFigures).toEqual({
      exact: 4.66633333,
      credited: 3.66,
      locked: 1,
      forfeited: 0,
      carried: 0.00633333,
      note: "Rows are rounded to the cent. Exact sum 4.66633333 USDT: 3.66 credited, 1.00 locked, 0.00633333 carried to the member's next credit.",
    });
  });

  it('pages the rewards with their statistics over all of them', async () => {
    const first = (await detail(member.id, { includeRewards: 'true', rewardsLimit: '2' })).json().data.rewards;
    expect(first.statistics).toEqual({
      total: 5,
      totalRewardAmount: 108.75,
      directRewardsCount: 1,
      downlineRewardsCount: 4,
    });
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalRecords: 5,
      limit: 2,
      hasNextPage: true,
      hasPrevPage: false,
      resultsCount: 2,
    });
    const last = (await detail(member.id, { includeRewards: 'true', rewardsLimit: '2', rewardsPage: '3' })).json().data
      .rewards;
    // Newest first: the oldest, the DIRECT reward of the funding, is alone on the last page.
    expect(last.data).toHaveLength(1);
    expect(last.data[0].type).toBe('DIRECT');
    expect(last.data[0]).not.toHaveProperty('downlineUser');
    expect(first.data[0]).toMatchObject({
      type: 'DOWNLINE',
      downlineUser: { firstName: 'Ada', email: expect.any(String) },
    });
  });

  it('pages the withdrawals with the requested, approved and pending totals', async () => {
    const withdrawals = (await detail(member.id, { includeWithdrawals: 'true', withdrawalsLimit: '1' })).json().data
      .withdrawals;
    expect(withdrawals.statistics).toEqual({
      total: 2,
      totalRequestedAmount: 25,
      totalApprovedAmount: 10,
      totalPendingAmount: 15,
    });
    expect(withdrawals.data).toHaveLength(1);
    expect(withdrawals.data[0]).toMatchObject({ amount: 15, status: 'PENDING', asset: 'USDT' });
    expect(withdrawals.pagination).toMatchObject({ totalPages: 2, totalRecords: 2, hasNextPage: true });
  });

  it('answers a member without history with zeros and no sponsor', async () => {
    const data = (await detail(sponsor.id, { includeRewards: 'true', includeWithdrawals: 'true' })).json().data;
    expect(data).toMatchObject({
      totalRewards: 0,
      balance: 0,
      referredBy: null,
      subscriptionFee: { hasPaid: false, amount: null, timestamp: null },
      referralStats: { totalReferrals: 4, directReferrals: 1 },
      rewards: { data: [], statistics: { total: 0, totalRewardAmount: 0 }, pagination: { totalPages: 0 } },
      withdrawals: { data: [], statistics: { total: 0, totalRequestedAmount: 0 } },
    });
  });

  it('answers USER_NOT_FOUND for an unknown or malformed id and VALIDATION_ERROR for bad paging', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const answer = await detail(encodeURIComponent(id));
      expect(answer.statusCode).toBe(404);
      expect(answer.json().errorCode).toBe('USER_NOT_FOUND');
    }
    const badQueries: Record<string, string>[] = [
      { includeRewards: 'yes' },
      { rewardsPage: '0' },
      { withdrawalsLimit: '1000' },
    ];
    for (const query of badQueries) {
      expect((await detail(member.id, query)).json().errorCode).toBe('VALIDATION_ERROR');
    }
  });
});
