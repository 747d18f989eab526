/**
 * The cache keys of answers that more than one feature shows or changes: a feature that changes
 * what another shows reloads it through its key here, never by importing the other feature.
 */
export const rewardStatsKeys = {
  all: ['reward-stats'] as const,
  of: (memberId: string) => [...rewardStatsKeys.all, memberId] as const,
};
