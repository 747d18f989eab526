import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import { addChain, addMember, sessionHeaders } from '../../testing/builders';

describe('a member views their referral history', () => {
  const t = testAppForFile();

  async function history(member: UserRow, query = '') {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/referrals/history${query}`,
      headers: sessionHeaders(t.app, member),
    });
    return { status: response.statusCode, body: response.json() };
  }

  it('shows levels relative to the caller and nobody outside their downline', async () => {
    const top = await addMember(t.database.db, null);
    const upline = await addMember(t.database.db, top);
    const caller = await addMember(t.database.db, upline);
    const sibling = await addMember(t.database.db, upline);
    await addMember(t.database.db, sibling);
    const [direct, second, third] = await addChain(t.database.db, caller, 3);
    const otherDirect = await addMember(t.database.db, caller);

    const { status, body } = await history(caller);
    expect(status).toBe(200);
    const levels = Object.fromEntries(body.data.referrals.map((r: { _id: string; level: number }) => [r._id, r.level]));
    expect(levels).toEqual({ [direct!.id]: 1, [second!.id]: 2, [third!.id]: 3, [otherDirect.id]: 1 });
    expect(body.data.statistics.totalReferrals).toBe(4);

    const fromSibling = await history(sibling);
    expect(fromSibling.body.data.referrals.map((r: { _id: string }) => r._id)).not.toContain(caller.id);
    expect(fromSibling.body.data.statistics.totalReferrals).toBe(1);

    const fromUpline = await history(upline);
    expect(fromUpline.body.data.referrals.find((r: { _id: string }) => r._id === third!.id).level).toBe(4);
    expect(fromUpline.body.data.statistics.totalReferrals).toBe(7);
  });

  it('returns every field of a referral, newest first', async () => {
    const caller = await addMember(t.database.db, null);
    const older = await addMember(t.database.db, caller, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@uplink.test',
      created_at: '2025-01-02T03:04:05.000Z',
      subscription_paid_at: '2025-01-03T00:00:00.000Z',
      bingx_uid: '12345678',
    });
    const newer = await addMember(t.database.db, caller, { created_at: '2025-02-01T00:00:00.000Z', status: 'LOCKED' });

    const { body } = await history(caller);
    expect(body.data.referrals.map((r: { _id: string }) => r._id)).toEqual([newer.id, older.id]);
    expect(body.data.referrals[1]).toEqual({
      _id: older.id,
      userId: older.user_id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      email: 'ada@uplink.test',
      level: 1,
      status: 'ACTIVE',
      subscriptionPaid: true,
      subscriptionTimestamp: '2025-01-03T00:00:00.000Z',
      bingxLinked: true,
      joinedAt: '2025-01-02T03:04:05.000Z',
    });
    expect(body.data.referrals[0]).toMatchObject({ status: 'LOCKED', subscriptionPaid: false, bingxLinked: false });
    expect(body.data.statistics).toEqual({
      totalReferrals: 2,
      activeReferrals: 1,
      bingxLinked: 1,
      paidSubscriptions: 1,
    });
  });

  it('filters by level, by max level and by status, with statistics over the filtered set', async () => {
    const caller = await addMember(t.database.db, null);
    const direct = await addMember(t.database.db, caller, { bingx_uid: `L${Date.now()}` });
    await addMember(t.database.db, caller, { status: 'LOCKED' });
    const second = await addMember(t.database.db, direct, { subscription_paid_at: new Date() });
    await addMember(t.database.db, second, { status: 'DISABLED' });

    const level2 = await history(caller, '?level=2');
    expect(level2.body.data.referrals.map((r: { _id: string }) => r._id)).toEqual([second.id]);
    expect(level2.body.data.statistics).toEqual({
      totalReferrals: 1,
      activeReferrals: 1,
      bingxLinked: 0,
      paidSubscriptions: 1,
    });

    const upTo2 = await history(caller, '?maxLevel=2');
    expect(upTo2.body.data.statistics.totalReferrals).toBe(3);
    expect(upTo2.body.data.referrals.every((r: { level: number }) => r.level <= 2)).toBe(true);

    const locked = await history(caller, '?status=LOCKED');
    expect(locked.body.data.referrals).toHaveLength(1);
    expect(locked.body.data.statistics).toEqual({
      totalReferrals: 1,
      activeReferrals: 0,
      bingxLinked: 0,
      paidSubscriptions: 0,
    });

    const disabledAtLevel3 = await history(caller, '?status=DISABLED&level=3&maxLevel=3');
    expect(disabledAtLevel3.body.data.statistics.totalReferrals).toBe(1);
    const levelAboveMax = await history(caller, '?level=3&maxLevel=2');
    expect(levelAboveMax.body.data.referrals).toEqual([]);
    expect(levelAboveMax.body.data.statistics.totalReferrals).toBe(0);
  });

  it('paginates with statistics over the whole set, not the page', async () => {
    const caller = await addMember(t.database.db, null);
    const joined = [];
    for (let index = 0; index < 23; index += 1) {
      joined.push(
        await addMember(t.database.db, caller, { created_at: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString() }),
      );
    }
    const newestFirst = joined.reverse().map((member) => member.id);

    const first = await history(caller);
    expect(first.body.data.referrals.map((r: { _id: string }) => r._id)).toEqual(newestFirst.slice(0, 10));
    expect(first.body.data.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalRecords: 23,
      limit: 10,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(first.body.data.statistics.totalReferrals).toBe(23);

    const last = await history(caller, '?page=3');
    expect(last.body.data.referrals.map((r: { _id: string }) => r._id)).toEqual(newestFirst.slice(20));
    expect(last.body.data.pagination).toMatchObject({ currentPage: 3, hasNextPage: false, hasPrevPage: true });

    const beyond = await history(caller, '?page=9&limit=5');
    expect(beyond.body.data.referrals).toEqual([]);
    expect(beyond.body.data.pagination).toMatchObject({ totalPages: 5, hasNextPage: false, limit: 5 });
  });

  it('never shows members more than 15 levels below the caller', async () => {
    const caller = await addMember(t.database.db, null);
    const chain = await addChain(t.database.db, caller, 16);
    const { body } = await history(caller, '?limit=100');
    expect(body.data.statistics.totalReferrals).toBe(15);
    expect(body.data.referrals.map((r: { _id: string }) => r._id)).not.toContain(chain[15]!.id);
  });

  it('follows later changes of a member: status, payment, link, removal', async () => {
    const caller = await addMember(t.database.db, null);
    const direct = await addMember(t.database.db, caller);
    const second = await addMember(t.database.db, direct);
    await t.database.db
      .updateTable('users')
      .set({ status: 'LOCKED', subscription_paid_at: new Date(), bingx_uid: `U${Date.now()}` })
      .where('id', '=', second.id)
      .execute();
    const changed = await history(caller);
    expect(changed.body.data.statistics).toEqual({
      totalReferrals: 2,
      activeReferrals: 1,
      bingxLinked: 1,
      paidSubscriptions: 1,
    });
    expect(changed.body.data.referrals[0]).toMatchObject({ _id: second.id, status: 'LOCKED', bingxLinked: true });

    await t.database.db.deleteFrom('users').where('id', '=', second.id).execute();
    const removed = await history(caller);
    expect(removed.body.data.statistics).toEqual({
      totalReferrals: 1,
      activeReferrals: 1,
      bingxLinked: 0,
      paidSubscriptions: 0,
    });
  });

  it.each([
    ['level=0', 'level'],
    ['level=16', 'level'],
    ['level=abc', 'level'],
    ['maxLevel=0', 'maxLevel'],
    ['maxLevel=16', 'maxLevel'],
    ['limit=10000', 'limit'],
    ['limit=0', 'limit'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['status=PENDING', 'status'],
  ])('refuses %s with VALIDATION_ERROR', async (query, field) => {
    const caller = await addMember(t.database.db, null);
    const { status, body } = await history(caller, `?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
    expect(body.data.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('requires a signed-in member', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/referrals/history' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('UNAUTHORIZED');
  });
});
