import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import {
  addMember,
  createMember,
  creditReward,
  linkedMemberColumns,
  payoutsUnverified,
  requestedWithdrawal,
  sessionHeaders,
  signIn,
  uniqueUid,
} from '../../testing/builders';

describe('administrators read member reports computed from real activity', () => {
  // The approval here needs no chain: it is taken on the hash alone.
  const { t, adminHeaders } = adminTestAppForFile({
    config: payoutsUnverified(),
    administrator: { firstName: 'Root' },
  });
  let rhea: UserRow;
  let dax: UserRow;
  let eve: UserRow;
  let quiet: UserRow;
  let locked: UserRow;
  let gone: UserRow;
  /** The moment Rhea's withdrawals are requested: after everything else she did. */
  const withdrawnAt = new Date(Date.now() + 86_400_000);
  const rewardedAt = new Date(Date.now() - 30 * 86_400_000);

  beforeAll(async () => {
    const db = t.database.db;

    rhea = await createMember(db, {
      firstName: 'Rhea',
      email: 'rhea.reporter@example.test',
      columns: linkedMemberColumns(uniqueUid()),
    });
    dax = await addMember(db, rhea, { first_name: 'Dax' });
    eve = await addMember(db, dax, { first_name: 'Eve' });
    quiet = await createMember(db, { firstName: 'Quiet' });
    locked = await createMember(db, { firstName: 'Lockie', status: 'LOCKED' });
    gone = await createMember(db, { firstName: 'Gone', email: 'gone.reporter@example.test' });

    // Rhea earns one referral reward and three trading rewards, the last still locked.
    await creditReward(db, {
      beneficiary: rhea,
      source: dax,
      type: 'DIRECT',
      amount: '2',
      percent: '20',
      masterAmount: '10',
      cycle: 1,
    });
    await creditReward(db, { beneficiary: rhea, source: dax, amount: '5', percent: '5', cycle: 1 });
    await creditReward(db, { beneficiary: rhea, source: eve, amount: '2.25', percent: '2', level: 2, cycle: 2 });
    await creditReward(db, {
      beneficiary: rhea,
      source: dax,
      amount: '1',
      percent: '1.5',
      cycle: 3,
      state: 'LOCKED',
      createdAt: rewardedAt,
    });
    // Quiet only ever earned one reward: it is their last activity.
    await creditReward(db, { beneficiary: quiet, source: quiet, type: 'DIRECT', amount: '3', createdAt: rewardedAt });
    // What Rhea's trading paid the master trader in two cycles; Dax's line is not hers.
    await db
      .insertInto('reward_statement_entries')
      .values([
        { cycle: 1, copier_id: rhea.id, bingx_uid: rhea.bingx_uid ?? '', master_amount: '123.45' },
        { cycle: 2, copier_id: rhea.id, bingx_uid: rhea.bingx_uid ?? '', master_amount: '76.55' },
        { cycle: 2, copier_id: dax.id, bingx_uid: uniqueUid(), master_amount: '999' },
      ])
      .execute();

    await signIn(t.app, rhea.email);
    await signIn(t.app, rhea.email);

    t.clock.set(withdrawnAt);
    const withdrawalIds: string[] = [];
    for (const amount of [1.5, 1.25, 0.75]) withdrawalIds.push(await requestedWithdrawal(t, rhea, amount));
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/withdrawals/${withdrawalIds[0]}`,
      headers: adminHeaders,
      payload: { status: 'APPROVED', transactionHash: `0x${'cd'.repeat(32)}` },
    });
    expect(approved.statusCode).toBe(200);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/users/admin/${gone.id}`, headers: adminHeaders });
    expect(deleted.statusCode).toBe(200);
  }, 180_000);

  const reports = (query: Record<string, string | number> = {}, headers = adminHeaders) =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/admin/reports',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers,
    });
  const reportOf = async (member: UserRow) => {
    const answer = await reports({ search: member.user_id });
    expect(answer.statusCode).toBe(200);
    const [report, ...others] = answer.json().data.reports;
    expect(others).toEqual([]);
    return report;
  };

  it("adds up a member's balance, withdrawals, rewards, statements, downline and sign-ins", async () => {
    expect(await reportOf(rhea)).toEqual({
      _id: rhea.id,
      userId: rhea.user_id,
      firstName: 'Rhea',
      lastName: 'Lovelace',
      email: 'rhea.reporter@example.test',
      status: 'ACTIVE',
      isAdmin: false,
      joinedAt: rhea.created_at.toISOString(),
      // Two of three requests wait for a decision; one was approved and paid.
      pendingWithdrawals: { count: 2, amount: 2 },
      // Credited 2 + 5 + 2.25 (the locked 1 is not), less 1.50 paid and 2.00 held.
      availableBalance: 5.75,
      totalMasterAmount: 200,
      // (20 + 5 + 2 + 1.5) / 4, every reward counted whatever its state.
      avgRewardPercentage: 7.125,
      totalTradingRewards: 7.25,
      totalReferrals: 2,
      directReferrals: 1,
      referralRewards: 2,
      totalLogins: 2,
      withdrawalRequests: 3,
      rewardClaims: 4,
      lastActivity: withdrawnAt.toISOString(),
    });
  });

  it('answers zeros and no activity for a member who has done nothing, and a reward as the last activity', async () => {
    expect(await reportOf(eve)).toMatchObject({
      pendingWithdrawals: { count: 0, amount: 0 },
      availableBalance: 0,
      totalMasterAmount: 0,
      avgRewardPercentage: null,
      totalTradingRewards: 0,
      totalReferrals: 0,
      directReferrals: 0,
      referralRewards: 0,
      totalLogins: 0,
      withdrawalRequests: 0,
      rewardClaims: 0,
      lastActivity: null,
    });
    expect(await reportOf(dax)).toMatchObject({ totalReferrals: 1, directReferrals: 1, totalMasterAmount: 999 });
    expect(await reportOf(quiet)).toMatchObject({
      referralRewards: 3,
      availableBalance: 3,
      rewardClaims: 1,
      avgRewardPercentage: 5,
      lastActivity: rewardedAt.toISOString(),
    });
  });

  it('lists members newest first, deleted ones and administrators left out, paged over the maintained counts', async () => {
    const answer = await reports({ limit: 3 });
    expect(answer.statusCode).toBe(200);
    const { reports: page, pagination } = answer.json().data;
    // Five members remain: Gone was deleted, and Root is an administrator, not a member.
    expect(page.map((report: { firstName: string }) => report.firstName)).toEqual(['Lockie', 'Quiet', 'Eve']);
    expect(pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalRecords: 5,
      limit: 3,
      hasNextPage: true,
      hasPrevPage: false,
      resultsCount: 3,
    });
    const second = (await reports({ limit: 3, page: 2 })).json().data;
    expect(second.reports.map((report: { firstName: string }) => report.firstName)).toEqual(['Dax', 'Rhea']);
    expect(second.pagination).toMatchObject({ currentPage: 2, hasNextPage: false, hasPrevPage: true });
    expect((await reports({ search: 'gone.reporter' })).json().data.reports).toEqual([]);
  });

  it('searches names, e-mails and user IDs and filters by status', async () => {
    const searched = (await reports({ search: 'REPORTER@' })).json().data;
    expect(searched.reports.map((report: { _id: string }) => report._id)).toEqual([rhea.id]);
    expect(searched.pagination).toMatchObject({ totalRecords: 1, totalPages: 1 });

    const lockedOnly = (await reports({ status: 'LOCKED' })).json().data;
    expect(lockedOnly.reports.map((report: { _id: string }) => report._id)).toEqual([locked.id]);
    expect(lockedOnly.pagination).toMatchObject({ totalRecords: 1 });
    expect((await reports({ status: 'DISABLED' })).json().data.pagination.totalRecords).toBe(0);
    expect((await reports({ status: 'ACTIVE', search: 'lockie' })).json().data.reports).toEqual([]);
    const active = (await reports({ status: 'ACTIVE' })).json().data;
    expect(active.pagination.totalRecords).toBe(4);
    expect((await reports({ search: 'Root' })).json().data.reports).toEqual([]);
  });

  it('answers VALIDATION_ERROR for a bad page, limit or status, and refuses members', async () => {
    const badQueries: Record<string, string | number>[] = [
      { page: 0 },
      { limit: 101 },
      { status: 'BANNED' },
      { search: 'x'.repeat(101) },
    ];
    for (const query of badQueries) {
      const answer = await reports(query);
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
    }
    const member = await reports({}, sessionHeaders(t.app, quiet));
    expect(member.statusCode).toBe(403);
    expect(member.json().errorCode).toBe('FORBIDDEN');
  });
});
