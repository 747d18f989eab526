import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import { addMember } from '../../testing/builders';
import { sweepLapsedSubscriptions } from './subscription-expiry';

const dayMs = 86_400_000;

describe('a subscription period runs out', () => {
  const t = testAppForFile();

  async function getAs(member: UserRow, url: string) {
    const token = t.app.context.sessionTokens.sign(member.id);
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return response.json().data;
  }
  const history = (member: UserRow) => getAs(member, '/api/users/referrals/history');
  const profile = (member: UserRow) => getAs(member, '/api/users/profile');

  it('counts a member as paid until the period ends, and unpaid after the sweep', async () => {
    const sponsor = await addMember(t.database.db, null);
    const now = Date.now();
    const member = await addMember(t.database.db, sponsor, {
      subscription_paid_at: new Date(now - 10 * dayMs),
      subscription_period_ends_at: new Date(now + 2_000),
    });
    await addMember(t.database.db, sponsor, {
      subscription_paid_at: new Date(now - 10 * dayMs),
      subscription_period_ends_at: new Date(now + 365 * dayMs),
    });

    const before = await history(sponsor);
    expect(before.statistics.paidSubscriptions).toBe(2);
    expect(before.referrals.find((r: { _id: string }) => r._id === member.id).subscriptionPaid).toBe(true);

    const afterPeriod = new Date(now + 5_000);
    expect(await sweepLapsedSubscriptions(t.database.db, afterPeriod)).toBe(1);
    t.clock.set(afterPeriod);

    const after = await history(sponsor);
    expect(after.statistics.paidSubscriptions).toBe(1);
    expect(after.referrals.find((r: { _id: string }) => r._id === member.id).subscriptionPaid).toBe(false);
    expect((await profile(member)).subscriptionFee.paid).toBe(false);
  });

  it('sweeps each lapsed period once and leaves running ones alone', async () => {
    const sponsor = await addMember(t.database.db, null);
    const now = new Date(Date.now() + 10 * dayMs);
    await addMember(t.database.db, sponsor, {
      subscription_paid_at: new Date(now.getTime() - 400 * dayMs),
      subscription_period_ends_at: new Date(now.getTime() - dayMs),
    });
    await addMember(t.database.db, sponsor, {
      subscription_paid_at: new Date(now.getTime() - dayMs),
      subscription_period_ends_at: new Date(now.getTime() + 364 * dayMs),
    });
    expect(await sweepLapsedSubscriptions(t.database.db, now)).toBe(1);
    expect(await sweepLapsedSubscriptions(t.database.db, now)).toBe(0);
  });

  it('counts a renewal as paid again', async () => {
    const sponsor = await addMember(t.database.db, null);
    const member = await addMember(t.database.db, sponsor, {
      subscription_paid_at: new Date(Date.now() - 400 * dayMs),
      subscription_period_ends_at: new Date(Date.now() - 35 * dayMs),
    });
    expect((await history(sponsor)).statistics.paidSubscriptions).toBe(0);
    await t.database.db
      .updateTable('users')
      .set({ subscription_paid_at: new Date(), subscription_period_ends_at: new Date(Date.now() + 365 * dayMs) })
      .where('id', '=', member.id)
      .execute();
    expect((await history(sponsor)).statistics.paidSubscriptions).toBe(1);
  });
});
