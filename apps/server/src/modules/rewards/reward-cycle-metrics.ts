import type { RewardCycleRun } from '@uplink/contract/reward-runs';
import { Histogram } from 'prom-client';
import { metricsRegistry } from '../../metrics-registry';

const rewardCycleDuration = new Histogram({
  name: 'uplink_reward_cycle_duration_seconds',
  help: 'How long distributing a reward cycle took (the duration its run record keeps), by statement source and outcome',
  labelNames: ['source', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  registers: [metricsRegistry],
});

/**
 * Records a finished run, scheduled or started by an administrator. Its duration is the one the
 * run record keeps (and the admin screen shows), measured by the distribution itself.
 */
export function recordRewardCycle(run: RewardCycleRun): void {
  rewardCycleDuration.observe({ source: run.source, outcome: run.outcome }, run.durationMs / 1000);
}
