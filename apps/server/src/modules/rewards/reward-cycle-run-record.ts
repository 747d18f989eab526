import { toWireMoney } from '@uplink/contract/money';
import type { RewardCycleRun } from '@uplink/contract/reward-runs';
import type { CycleRunRow } from './reward-cycle-runs-repository';

/** The statement UIDs no member has linked that an answer lists (the count has them all). */
export const unknownUidsShown = 1000;

/** A run as the administrators read it, whether just run or listed later. */
export function toRewardCycleRun(run: CycleRunRow): RewardCycleRun {
  return {
    _id: run.id,
    cycle: run.cycle,
    startsAt: run.cycle_starts_at.toISOString(),
    endsAt: run.cycle_ends_at.toISOString(),
    source: run.source,
    basis: run.basis,
    outcome: run.outcome,
    startedBy: run.started_by,
    startedAt: run.started_at.toISOString(),
    finishedAt: run.finished_at.toISOString(),
    planVersion: run.plan_version,
    inputCount: run.input_count,
    matchedCount: run.outcome === 'DISTRIBUTED' ? run.input_count - run.unknown_uids.length : 0,
    unknownUids: run.unknown_uids.slice(0, unknownUidsShown),
    unknownCount: run.unknown_uids.length,
    rewardsWritten: Number(run.rewards_written),
    totalMasterAmount: toWireMoney(run.total_master_amount),
    totalPaid: toWireMoney(run.total_paid),
    totalLocked: toWireMoney(run.total_locked),
    durationMs: run.duration_ms,
  };
}
