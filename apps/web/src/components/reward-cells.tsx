import { formatMoney, formatRewardAmount } from '@uplink/contract/format';
import type { RewardState, RewardType } from '@uplink/contract/member-rewards';
import { Badge, type BadgeTone } from './badge';
import type { Column } from './table';
import { dateTimeColumn } from './table-cells';

const typeBadges: Record<RewardType, { tone: BadgeTone; label: string }> = {
  DIRECT: { tone: 'brand', label: 'Referral' },
  DOWNLINE: { tone: 'blue', label: 'Trading' },
};

/** A reward's type in the words of the member screens: Referral (DIRECT) or Trading (DOWNLINE). */
export function RewardTypeBadge({ type }: { type: RewardType }) {
  return <Badge tone={typeBadges[type].tone}>{typeBadges[type].label}</Badge>;
}

const stateBadges: Record<RewardState, { tone: BadgeTone; label: string }> = {
  POSTED: { tone: 'green', label: 'Credited' },
  RELEASED: { tone: 'green', label: 'Released' },
  LOCKED: { tone: 'amber', label: 'Locked' },
  FORFEITED: { tone: 'grey', label: 'Forfeited' },
};

/** Where a reward stands in the ledger: credited, locked, released or forfeited. */
export function RewardStateBadge({ state }: { state: RewardState }) {
  return <Badge tone={stateBadges[state].tone}>{stateBadges[state].label}</Badge>;
}

/** What every list of rewards shows of a reward, whoever earned it. */
interface RewardFigures {
  type: RewardType;
  level: number;
  rewardAmount: number;
  percent: number;
  masterAmount: number;
  cycle: number;
  state: RewardState;
  createdAt: string;
}

/** The reward columns of the member's history, the user detail and the admin rewards list, drawn once. */
export const rewardColumns = {
  type: { key: 'type', header: 'Type', cell: (reward) => <RewardTypeBadge type={reward.type} /> },
  level: { key: 'level', header: 'Level', priority: 'low', cell: (reward) => `Level ${reward.level}` },
  amount: {
    key: 'amount',
    header: 'Amount',
    className: 'text-right',
    cell: (reward) => (
      <div className="whitespace-nowrap tabular-nums">
        <p className="font-semibold text-slate-900">{formatRewardAmount(reward.rewardAmount, { unit: 'USDT' })}</p>
        <p className="text-slate-500 text-xs">{reward.percent}%</p>
      </div>
    ),
  },
  master: {
    key: 'master',
    header: 'Master amount',
    className: 'text-right',
    priority: 'low',
    cell: (reward) => <span className="whitespace-nowrap tabular-nums">{formatMoney(reward.masterAmount)}</span>,
  },
  cycle: {
    key: 'cycle',
    header: 'Cycle',
    priority: 'low',
    cell: (reward) => <span className="tabular-nums">#{reward.cycle}</span>,
  },
  state: { key: 'state', header: 'State', card: 'status', cell: (reward) => <RewardStateBadge state={reward.state} /> },
  date: dateTimeColumn({ key: 'date', header: 'Date', value: (reward) => reward.createdAt }),
} satisfies Record<string, Column<RewardFigures>>;

/** What follows a reward's type in the admin lists, in their order: level to date. */
export const rewardFigureColumns = [
  rewardColumns.level,
  rewardColumns.amount,
  rewardColumns.master,
  rewardColumns.cycle,
  rewardColumns.state,
  rewardColumns.date,
];
