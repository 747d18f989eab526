import type { RewardRecord } from '@uplink/contract/member-rewards';
import { toWireMoney } from '@uplink/contract/money';
import type { RewardRow } from './rewards-repository';

type RewardColumns = Pick<
  RewardRow,
  'id' | 'type' | 'reward_amount' | 'percent' | 'master_amount' | 'level' | 'cycle' | 'state' | 'created_at'
>;

/** The fields every listing of rewards answers; each listing adds the people it shows. */
export function toRewardFields(row: RewardColumns): Omit<RewardRecord, 'downlineUser'> {
  return {
    _id: row.id,
    type: row.type,
    rewardAmount: toWireMoney(row.reward_amount),
    percent: toWireMoney(row.percent),
    masterAmount: toWireMoney(row.master_amount),
    level: row.level,
    cycle: row.cycle,
    state: row.state,
    createdAt: row.created_at.toISOString(),
  };
}
