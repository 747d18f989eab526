import type {
  AdminRewardRecord,
  AdminRewardStatistics,
  AdminRewards,
  adminRewardsQuerySchema,
} from '@uplink/contract/admin-rewards';
import { toWireMoney } from '@uplink/contract/money';
import { adminListPagination } from '@uplink/contract/paging';
import { matchingRewardsNote, rewardFiguresNote } from '@uplink/contract/reward-figures';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { toMemberSummary } from '../../db/member-summary';
import { findAllRewardLedgerTotals } from '../ledger/ledger-repository';
import {
  type AdminRewardRow,
  type CountedRewardStatistics,
  findCountedRewardStatistics,
  findRewardsPage,
  findSearchedRewardStatistics,
  type RewardStatisticsRow,
} from './all-rewards-repository';
import { toRewardFields } from './reward-record';

/**
 * A page of every member's rewards, filtered by type, level and a search of the member who earned
 * them, with the statistics of all that match. Without a search the statistics are the counters'
 * (a few rows, whatever the number of rewards); a search aggregates the matched members' rewards.
 * The statistics come first: a page past the last match is not looked for.
 */
export async function viewAllRewards(
  deps: Pick<AppContext, 'readDb'>,
  query: z.output<typeof adminRewardsQuerySchema>,
): Promise<AdminRewards> {
  const search = query.search || undefined;
  const kind = { type: query.type, level: query.level };
  const statistics: RewardStatisticsRow | CountedRewardStatistics = search
    ? await findSearchedRewardStatistics(deps.readDb, search, kind)
    : await findCountedRewardStatistics(deps.readDb, kind);
  const total = Number(statistics.total);
  const offset = (query.page - 1) * query.limit;
  const rows =
    offset < total
      ? await findRewardsPage(
          deps.readDb,
          { ...kind, search },
          {
            order: query.sort === 'createdAt' ? 'oldest' : 'newest',
            limit: query.limit,
            offset,
            span: spanOf(statistics),
          },
        )
      : [];
  const filtered = search !== undefined || kind.type !== undefined || kind.level !== undefined;
  return {
    rewards: rows.map(toAdminRewardRecord),
    pagination: adminListPagination(query.page, query.limit, total, rows.length),
    statistics: toStatistics(statistics),
    note: filtered
      ? matchingRewardsNote(statistics.reward_amount, total)
      : rewardFiguresNote(await findAllRewardLedgerTotals(deps.readDb), 'members'),
  };
}

const spanOf = (statistics: RewardStatisticsRow | CountedRewardStatistics) =>
  'first_id' in statistics && statistics.first_id !== null && statistics.last_id !== null
    ? { firstId: statistics.first_id, lastId: statistics.last_id }
    : undefined;

function toStatistics(row: RewardStatisticsRow): AdminRewardStatistics {
  return {
    total: Number(row.total),
    totalRewardsDistributed: toWireMoney(row.reward_amount),
    totalDirectRewards: toWireMoney(row.direct_amount),
    totalDownlineRewards: toWireMoney(row.downline_amount),
    directRewardsCount: Number(row.direct_count),
    downlineRewardsCount: Number(row.downline_count),
    totalMasterAmount: toWireMoney(row.master_amount),
    averageRewardAmount: toWireMoney(row.average_amount),
    maxRewardAmount: toWireMoney(row.max_reward),
    minRewardAmount: toWireMoney(row.min_reward),
  };
}

function toAdminRewardRecord(row: AdminRewardRow): AdminRewardRecord {
  return {
    ...toRewardFields(row),
    planVersion: row.plan_version,
    rewardUser: toMemberSummary(row, 'beneficiary'),
    downlineUser: toMemberSummary(row, 'source'),
  };
}
