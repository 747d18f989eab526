import type { Environment } from './environment';

/** Cycle #1 of the default calendar: Monday 2026-01-05 00:00 UTC. */
const defaultCycleEpoch = '2026-01-05T00:00:00Z';

export interface RewardsConfig {
  /** Cycle #1 starts here (a Monday 00:00 UTC by default); each cycle lasts `cycleDays`. */
  cycleEpoch: Date;
  cycleDays: number;
  /** How often the job looks for finished cycles to distribute from the exchange. */
  cycleCloseIntervalMs: number;
  /** Members whose exchange balance the compliance job asks the exchange for in one run (≈ 5 a second). */
  balanceChecksPerRun: number;
}

export function rewardsConfig(vars: Environment): RewardsConfig {
  return {
    cycleEpoch: new Date(vars.REWARD_CYCLE_EPOCH ?? defaultCycleEpoch),
    cycleDays: vars.REWARD_CYCLE_DAYS,
    cycleCloseIntervalMs: vars.REWARD_CYCLE_CLOSE_INTERVAL_MS,
    balanceChecksPerRun: vars.EXCHANGE_BALANCE_CHECKS_PER_RUN,
  };
}
