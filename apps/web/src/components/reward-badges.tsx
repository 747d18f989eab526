import type { RewardState, RewardType } from '@uplink/contract/rewards';
import { Badge, type BadgeTone } from './badge';

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
