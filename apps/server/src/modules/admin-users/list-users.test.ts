import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeHolderRow, UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createMember, linkedMemberColumns, sessionHeaders, uniqueUid } from '../../testing/builders';

describe('administrators list and search members', () => {
  const { t, adminHeaders } = adminTestAppForFile({ administrator: { firstName: 'Root' } });
  let zelda: CodeHolderRow;
  let quinn: UserRow;

  beforeAll(async () => {
    zelda = await createMember(t.database.db, {
      firstName: 'Zelda',
      email: 'zelda.quirk@example.test',
      columns: linkedMemberColumns(uniqueUid()),
    });
    quinn = await createMember(t.database.db, { firstName: 'Quinn', sponsorId: zelda.id, verified: false });
    await createMember(t.database.db, { firstName: 'Locked', status: 'LOCKED' });
    await createMember(t.database.db, { firstName: 'Disabled', status: 'DISABLED', subscriptionPaid: true });
    // Paid once, but the period has ended: counted as ever paid, not as paid now.
    await createMember(t.database.db, {
      firstName: 'Lapsed',
      columns: {
        subscription_paid_at: new Date(Date.now() - 400 * 86_400_000),
        subscription_period_ends_at: new Date(Date.now() - 35 * 86_400_000),
        subscription_amount: '10',
      },
    });
    await createMember(t.database.db, { firstName: '100%_sure' });
  }, 180_000);

  const list = (query: Record<string, string | number | undefined> = {}, headers = adminHeaders) =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/admin/all',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers,
    });

  /** The statistics computed the slow way, over every row. */
  async function bruteForceStats() {
    const { rows } = await sql<Record<string, string>>`
      SELECT count(*)::text AS "totalUsers",
             count(*) FILTER (WHERE status = 'ACTIVE')::text AS "activeUsers",
             count(*) FILTER (WHERE status = 'LOCKED')::text AS "lockedUsers",
             count(*) FILTER (WHERE status = 'DISABLED')::text AS "disabledUsers",
             count(*) FILTER (WHERE is_email_verified)::text AS "verifiedUsers",
             count(*) FILTER (WHERE NOT is_email_verified)::text AS "unverifiedUsers",
             count(*) FILTER (WHERE subscription_paid_at IS NOT NULL AND bingx_uid IS NOT NULL)::text
               AS "onboardingCompleted",
             count(*) FILTER (WHERE subscription_paid_at IS NOT NULL
                                AND (subscription_period_ends_at IS NULL OR subscription_period_ends_at > now()))::text
               AS "subscriptionPaid"
        FROM users WHERE deleted_at IS NULL AND NOT is_admin`.execute(t.database.db);
    return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([key, value]) => [key, Number(value)]));
  }

  it('answers the newest members first with statistics equal to a count over every row', async () => {
    const answer = await list();
    expect(answer.statusCode).toBe(200);
    const { users, pagination, stats } = answer.json().data;
    expect(stats).toEqual(await bruteForceStats());
    expect(stats).toMatchObject({ lockedUsers: 1, disabledUsers: 1, unverifiedUsers: 1 });
    expect(users[0].firstName).toBe('100%_sure');
    expect(pagination).toEqual({
      currentPage: 1,
      totalPages: Math.ceil(stats.totalUsers / 10),
      totalUsers: stats.totalUsers,
      limit: 10,
      hasNext: stats.totalUsers > 10,
      hasPrev: false,
    });
    const listedQuinn = users.find((user: { _id: string }) => user._id === quinn.id);
    expect(listedQuinn).toMatchObject({
      userId: quinn.user_id,
      email: quinn.email,
      status: 'ACTIVE',
      isEmailVerified: false,
      referredByCode: zelda.referral_code,
      referredBy: { _id: zelda.id, firstName: 'Zelda', userId: zelda.user_id },
      subscriptionFee: { paid: false },
      onboardingCompleted: false,
      totalRewards: 0,
      balance: 0,
      isAdmin: false,
    });
    expect(users.find((user: { _id: string }) => user._id === zelda.id)).toMatchObject({
      bingXUID: zelda.bingx_uid,
      subscriptionFee: { paid: true },
      onboardingCompleted: true,
      referredBy: null,
    });
  });

  it('leaves administrators out of the list, its search and its statistics: they are not members', async () => {
    const support = await createMember(t.database.db, { adminRole: 'SUPPORT', firstName: 'Sam' });
    const before = (await list({ limit: 100 })).json().data;
    expect(before.users.map((user: { firstName: string }) => user.firstName)).not.toContain('Root');
    expect(before.users.map((user: { _id: string }) => user._id)).not.toContain(support.id);
    expect((await list({ search: 'Sam' })).json().data.users).toEqual([]);
    expect((await list({ search: support.user_id })).json().data.pagination.totalUsers).toBe(0);

    // A member made an administrator leaves the counts; made a member again, comes back.
    await t.database.db
      .updateTable('users')
      .set({ is_admin: true, admin_role: 'ANALYST', admin_status: 'ACTIVE' })
      .where('id', '=', quinn.id)
      .execute();
    const promoted = (await list({ limit: 100 })).json().data;
    expect(promoted.stats).toEqual(await bruteForceStats());
    expect(promoted.stats.totalUsers).toBe(before.stats.totalUsers - 1);
    await t.database.db
      .updateTable('users')
      .set({ is_admin: false, admin_role: null, admin_status: null })
      .where('id', '=', quinn.id)
      .execute();
    expect((await list({ limit: 100 })).json().data.stats).toEqual(before.stats);
  });

  it.each([
    ['a name, in any case', 'zELDa'],
    ['an e-mail fragment', 'elda.qui'],
    ['a user ID', ''],
    ['a referral code, lower-case', ''],
  ])('finds a member by %s while the statistics stay unfiltered', async (label, given) => {
    const search = given || (label.startsWith('a user ID') ? zelda.user_id : zelda.referral_code.toLowerCase());
    const unfiltered = (await list()).json().data.stats;
    const answer = (await list({ search })).json().data;
    expect(answer.users.map((user: { _id: string }) => user._id)).toEqual([zelda.id]);
    expect(answer.pagination).toMatchObject({ totalUsers: 1, totalPages: 1, hasNext: false });
    expect(answer.stats).toEqual(unfiltered);
  });

  it('takes % and _ in a search literally and answers an empty page when nothing matches', async () => {
    expect(
      (await list({ search: '100%_' })).json().data.users.map((user: { firstName: string }) => user.firstName),
    ).toEqual(['100%_sure']);
    expect((await list({ search: '%' })).json().data.users).toHaveLength(1);
    const none = (await list({ search: 'no-such-member-anywhere' })).json().data;
    expect(none.users).toEqual([]);
    expect(none.pagination).toMatchObject({ totalUsers: 0, totalPages: 0, hasNext: false, hasPrev: false });
  });

  it('pages through members in either order', async () => {
    const all = (await list({ limit: 100 })).json().data.users.map((user: { _id: string }) => user._id);
    const second = (await list({ limit: 2, page: 2 })).json().data;
    expect(second.users.map((user: { _id: string }) => user._id)).toEqual(all.slice(2, 4));
    expect(second.pagination).toMatchObject({ currentPage: 2, limit: 2, hasPrev: true });
    const oldest = (await list({ limit: 100, sort: 'createdAt' }))
      .json()
      .data.users.map((user: { _id: string }) => user._id);
    expect(oldest).toEqual([...all].reverse());
  });

  it('keeps the statistics right as members change: verified, paid, linked, locked', async () => {
    await t.database.db
      .updateTable('users')
      .set({ is_email_verified: true, ...linkedMemberColumns(uniqueUid()) })
      .where('id', '=', quinn.id)
      .execute();
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${quinn.id}/status`,
      headers: adminHeaders,
      payload: { status: 'LOCKED' },
    });
    const stats = (await list()).json().data.stats;
    expect(stats).toEqual(await bruteForceStats());
    expect(stats.lockedUsers).toBe(2);
  });

  it('refuses bad queries with VALIDATION_ERROR and members with FORBIDDEN', async () => {
    for (const query of [
      { limit: 0 },
      { limit: 101 },
      { page: 0 },
      { page: 'x' },
      { sort: 'email' },
      { search: 'x'.repeat(101) },
    ]) {
      expect((await list(query)).json().errorCode, JSON.stringify(query)).toBe('VALIDATION_ERROR');
    }
    const member = sessionHeaders(t.app, zelda);
    const refused = await list({}, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('FORBIDDEN');
  });
});
