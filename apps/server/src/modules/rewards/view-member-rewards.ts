import { fullName } from '@uplink/contract/format';
import type { MemberRewards, memberRewardsQuerySchema, RewardSort } from '@uplink/contract/member-rewards';
import { shortPageOf } from '@uplink/contract/paging';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pageWindow } from '../../db/list-page';
import { toRewardFields } from './reward-record';
import { countMemberRewards, findMemberRewards, type MemberRewardOrder } from './rewards-repository';

type MemberRewardsQuery = z.output<typeof memberRewardsQuerySchema>;

const orderOfSort: Record<RewardSort, MemberRewardOrder> = {
  '-createdAt': 'newest',
  createdAt: 'oldest',
  '-rewardAmount': 'largest',
  rewardAmount: 'smallest',
};

/** A page of the caller's rewards with the type and level filters and the chosen order. */
export async function viewMemberRewards(
  deps: Pick<AppContext, 'db'>,
  memberId: string,
  query: MemberRewardsQuery,
): Promise<MemberRewards> {
  const { page, limit } = query;
  const filters = { type: query.type, level: query.level };
  const [rows, totalRecords] = await Promise.all([
    findMemberRewards(deps.db, memberId, filters, orderOfSort[query.sort], pageWindow(query)),
    countMemberRewards(deps.db, memberId, filters),
  ]);
  return {
    rewards: rows.map((row) => ({
      ...toRewardFields(row),
      ...(row.source_user_id
        ? {
            downlineUser: {
              name: fullName({ firstName: row.source_first_name ?? '', lastName: row.source_last_name ?? '' }),
              email: row.source_email ?? '',
              userId: row.source_user_number ?? '',
            },
          }
        : {}),
    })),
    pagination: shortPageOf(page, limit, totalRecords),
  };
}
