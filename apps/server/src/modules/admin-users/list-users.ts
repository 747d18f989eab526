import type { AdminUsers, adminUsersQuerySchema, UserStats } from '@uplink/contract/admin-users';
import { usersPagination } from '@uplink/contract/paging';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pageWindow } from '../../db/list-page';
import { riskMarksOf } from '../risk/risk-marks';
import { toAdminUserListItem } from './admin-user-record';
import { countLapsedSubscriptions, countUsersMatching, findUserCounts, findUsersPage } from './admin-users-repository';

/**
 * A page of members (deleted ones left out) with the statistics of all of them: the statistics
 * come from maintained counters and never follow the search; only a search is counted.
 */
export async function listUsers(
  deps: Pick<AppContext, 'readDb' | 'clock'>,
  query: z.output<typeof adminUsersQuerySchema>,
): Promise<AdminUsers> {
  const now = deps.clock.now();
  const search = query.search || undefined;
  const [rows, stats, matching] = await Promise.all([
    findUsersPage(deps.readDb, search, query.sort === 'createdAt' ? 'oldest' : 'newest', pageWindow(query)),
    viewUserStats(deps, now),
    search ? countUsersMatching(deps.readDb, search) : undefined,
  ]);
  const total = matching ?? stats.totalUsers;
  const riskOf = await riskMarksOf(
    deps.readDb,
    rows.map((row) => row.id),
  );
  return {
    users: rows.map((row) => toAdminUserListItem(row, now, riskOf(row.id))),
    pagination: usersPagination(query.page, query.limit, total),
    stats,
  };
}

/** The user statistics at `at`: counters, less the paid periods that have ended since they were paid. */
export async function viewUserStats(deps: Pick<AppContext, 'readDb'>, at: Date): Promise<UserStats> {
  const [counts, lapsed] = await Promise.all([findUserCounts(deps.readDb), countLapsedSubscriptions(deps.readDb, at)]);
  const total = Number(counts.total);
  return {
    totalUsers: total,
    activeUsers: Number(counts.active),
    lockedUsers: Number(counts.locked),
    disabledUsers: Number(counts.disabled),
    verifiedUsers: Number(counts.verified),
    unverifiedUsers: total - Number(counts.verified),
    onboardingCompleted: Number(counts.onboarded),
    subscriptionPaid: Number(counts.everPaid) - lapsed,
  };
}
