import type { RewardPlan } from '@uplink/contract/reward-plan';

export interface NetworkAssumptions {
  /** People each member invites (the network grows by this factor per level). */
  invitesPerMember: number;
  /** Levels the network reaches below you (1..15). */
  levels: number;
  /** What each member's trading pays the master trader in a month, in USDT (at most 2 decimals). */
  monthlyShareUsdt: number;
}

export interface EarningsEstimate {
  /** Members per level, level 1 first. */
  membersPerLevel: bigint[];
  members: bigint;
  /** Monthly DOWNLINE rewards in cents, rounded down. */
  monthlyDownlineCents: bigint;
  /** DIRECT rewards in cents when your own invitees pay their subscription. */
  directCents: bigint;
}

export const assumptionLimits = {
  invitesPerMember: { min: 1, max: 10 },
  levels: { min: 1, max: 15 },
  monthlyShareUsdt: { min: 0, max: 10_000 },
} as const;

/** A plan percent (at most 4 decimals) in units of 0.0001 %. */
const percentUnits = (percent: number) => BigInt(Math.round(percent * 10_000));
/** A USDT amount (at most 2 decimals) in cents. */
const cents = (usdt: number) => BigInt(Math.round(usdt * 100));
/** cents × (units of 0.0001 %) = cents × 10⁻⁶ of themselves. */
const unitScale = 1_000_000n;

/**
 * What the plan pays a member whose network looks like the assumptions: every level L holds
 * invites^L members, each paying the master trader `monthlyShareUsdt`, of which the plan gives
 * `levelPercents[L-1]` % to you. Integer arithmetic throughout (BigInt cents), so the figure is
 * exact however large the network; rounded down to the cent at the end.
 */
export function estimateEarnings(
  plan: RewardPlan,
  assumptions: NetworkAssumptions,
  subscriptionFeeUsdt: number,
): EarningsEstimate {
  const invites = BigInt(assumptions.invitesPerMember);
  const share = cents(assumptions.monthlyShareUsdt);
  const membersPerLevel: bigint[] = [];
  let members = 0n;
  let downline = 0n;
  for (let level = 1; level <= assumptions.levels; level += 1) {
    const atLevel = invites ** BigInt(level);
    membersPerLevel.push(atLevel);
    members += atLevel;
    downline += atLevel * share * percentUnits(plan.levelPercents[level - 1] ?? 0);
  }
  const direct = invites * cents(subscriptionFeeUsdt) * percentUnits(plan.directPercent);
  return {
    membersPerLevel,
    members,
    monthlyDownlineCents: downline / unitScale,
    directCents: direct / unitScale,
  };
}

/** Why the assumptions cannot be estimated, or null when they can. */
export function assumptionsError({ invitesPerMember, levels, monthlyShareUsdt }: NetworkAssumptions): string | null {
  const { invitesPerMember: invites, levels: depth, monthlyShareUsdt: share } = assumptionLimits;
  if (!Number.isInteger(invitesPerMember) || invitesPerMember < invites.min || invitesPerMember > invites.max) {
    return `Invites per member must be a whole number from ${invites.min} to ${invites.max}.`;
  }
  if (!Number.isInteger(levels) || levels < depth.min || levels > depth.max) {
    return `Levels must be a whole number from ${depth.min} to ${depth.max}.`;
  }
  if (!Number.isFinite(monthlyShareUsdt) || monthlyShareUsdt < share.min || monthlyShareUsdt > share.max) {
    return `The monthly profit share must be between ${share.min} and ${share.max.toLocaleString('en-US')} USDT.`;
  }
  if (Math.abs(monthlyShareUsdt * 100 - Math.round(monthlyShareUsdt * 100)) > 1e-6) {
    return 'The monthly profit share has at most 2 decimals.';
  }
  return null;
}
