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
 * @rule FIRST_DUE_CYCLE
 * The first cycle an operation must distribute: the one running when the database was installed
 * (cycle 1 when the calendar starts later). Cycles that ended before the installation had no
 * members to pay, whatever the calendar — so REWARD_CYCLE_EPOCH set to the default's own date
 * (2026-01-05) is the default calendar, not 47 cycles due at once.
 */
export function firstDueCycle(calendar: Calendar, installedAt: Date): number {
  return Math.max(cycleAt(calendar, installedAt), 1);
}
