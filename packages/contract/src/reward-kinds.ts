/*
 * The kinds, states and sorts of a member's rewards, without the schemas: a screen that only
 * lists them loads neither zod nor decimal.js (member-rewards.ts forwards them).
 */

export const rewardTypes = ['DIRECT', 'DOWNLINE'] as const;
export type RewardType = (typeof rewardTypes)[number];

/** Where a reward stands in the ledger: available, locked awaiting compliance, released later, or forfeited. */
export const rewardStates = ['POSTED', 'LOCKED', 'RELEASED', 'FORFEITED'] as const;
export type RewardState = (typeof rewardStates)[number];

export const rewardSorts = ['-createdAt', 'createdAt', '-rewardAmount', 'rewardAmount'] as const;
export type RewardSort = (typeof rewardSorts)[number];
