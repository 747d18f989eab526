import type { RewardsConfig } from '../../config/rewards-config';

const dayMs = 86_400_000;

/** One reward cycle: numbered from 1, `startsAt` inclusive, `endsAt` exclusive. */
export interface CycleWindow {
  cycle: number;
  startsAt: Date;
  endsAt: Date;
}

type Calendar = Pick<RewardsConfig, 'cycleEpoch' | 'cycleDays'>;

export function cycleWindow(calendar: Calendar, cycle: number): CycleWindow {
  const length = calendar.cycleDays * dayMs;
  const startsAt = new Date(calendar.cycleEpoch.getTime() + (cycle - 1) * length);
  return { cycle, startsAt, endsAt: new Date(startsAt.getTime() + length) };
}

/** The cycle running at `at`; 0 before the first one starts. */
export function cycleAt(calendar: Calendar, at: Date): number {
  const elapsed = at.getTime() - calendar.cycleEpoch.getTime();
  return elapsed < 0 ? 0 : Math.floor(elapsed / (calendar.cycleDays * dayMs)) + 1;
}

/** The newest cycle that has ended by `at`; 0 while none has. */
export const lastFinishedCycle = (calendar: Calendar, at: Date) => Math.max(cycleAt(calendar, at) - 1, 0);

/**
 * The first cycle an operation must distribute: cycle #1 of an epoch the operator set, otherwise
 * the first cycle to start after the database was installed (the default calendar's earlier
 * cycles were nobody's to distribute).
 */
export function firstDueCycle(rewards: Calendar & Pick<RewardsConfig, 'epochSet'>, installedAt: Date): number {
  return rewards.epochSet ? 1 : cycleAt(rewards, installedAt) + 1;
}
