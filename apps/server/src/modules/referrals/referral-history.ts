import { levelOptions, userStatuses } from '@uplink/contract/constants';
import { fullName } from '@uplink/contract/format';
import { pageOf } from '@uplink/contract/paging';
import type { ReferralHistory, referralHistoryQuerySchema } from '@uplink/contract/referrals';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { pageWindow } from '../../db/list-page';
import type { Database } from '../../db/schema';
import { hasPaidSubscription } from '../subscription/subscription-status';
import { findDownlinePage } from './referral-network-repository';

type HistoryQuery = z.output<typeof referralHistoryQuerySchema>;

/** Levels a history query covers: `level` alone, 1..`maxLevel`, both (their overlap), or all 15. */
export function levelsOf(query: Pick<HistoryQuery, 'level' | 'maxLevel'>): number[] {
  const highest = query.maxLevel ?? levelOptions.length;
  return levelOptions.filter((level) => level <= highest && (query.level === undefined || level === query.level));
}

/** A page of the caller's downline, newest first, with statistics over everything the filters match. */
export async function viewReferralHistory(
  db: Kysely<Database>,
  callerId: string,
  query: HistoryQuery,
  now: Date,
): Promise<ReferralHistory> {
  const { page, limit } = query;
  const levels = levelsOf(query);
  const statuses = query.status ? [query.status] : userStatuses;
  const { statistics, members } =
    levels.length === 0
      ? { statistics: { totalReferrals: 0, activeReferrals: 0, bingxLinked: 0, paidSubscriptions: 0 }, members: [] }
      : await findDownlinePage(db, callerId, { levels, statuses }, pageWindow(query));

  return {
    referrals: members.map((member) => ({
      _id: member.id,
      userId: member.user_id,
      firstName: member.first_name,
      lastName: member.last_name,
      name: fullName({ firstName: member.first_name, lastName: member.last_name }),
      email: member.email,
      level: member.level,
      status: member.status,
      subscriptionPaid: hasPaidSubscription(member, now),
      subscriptionTimestamp: member.subscription_paid_at?.toISOString() ?? null,
      bingxLinked: member.bingx_linked,
      joinedAt: member.joined_at.toISOString(),
    })),
    statistics,
    pagination: pageOf(page, limit, statistics.totalReferrals),
  };
}
