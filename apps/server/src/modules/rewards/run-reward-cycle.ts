import { toWireMoney } from '@uplink/contract/money';
import type { RewardCycleRun } from '@uplink/contract/rewards';
import type { AppContext } from '../../app-context';
import type { RewardCycleSource } from '../../db/schema';
import { validationFailed } from '../../http/domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import { cycleWindow, lastFinishedCycle } from './reward-cycle-calendar';
import {
  type CycleRunRow,
  distributeDownlineRewards,
  findDistributedRun,
  linkedExchangeUids,
  lockRewardCycle,
  recordCycleRun,
  type StatementLine,
  storeStatement,
} from './reward-distribution-repository';
import { findCurrentRewardPlan } from './rewards-repository';
import { settleLockedRewards } from './settle-locked-rewards';

export type CycleStatement = { source: 'UPLOAD'; lines: readonly StatementLine[] } | { source: 'EXCHANGE' };

export interface RunRewardCycleInput {
  cycle: number;
  statement: CycleStatement;
  /** The administrator who ran it; null for the scheduled job and the terminal command. */
  startedBy: string | null;
  ipAddress?: string | null;
  requestId?: string | null;
}

type Deps = Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>;

/**
 * Distributes one finished cycle, once. The statement is read first (from the upload or the
 * exchange, with no connection held), then one transaction under the cycle's lock stores it,
 * writes every reward and ledger entry and records the run: a run killed half-way leaves
 * nothing, and running it again does the whole cycle. A cycle already distributed writes nothing
 * but a run record that says so. Locked rewards of members who are compliant again are then
 * released.
 */
export async function runRewardCycle(deps: Deps, input: RunRewardCycleInput): Promise<RewardCycleRun> {
  const { db, clock, config } = deps;
  const startedAt = clock.now();
  const finished = lastFinishedCycle(config.rewards, startedAt);
  if (input.cycle > finished) {
    throw validationFailed([
      { field: 'cycle', message: `Cycle ${input.cycle} has not ended yet; the last finished cycle is ${finished}` },
    ]);
  }
  const window = cycleWindow(config.rewards, input.cycle);
  const alreadyDistributed = await findDistributedRun(db, input.cycle);
  const lines = alreadyDistributed ? [] : await readStatement(deps, input.statement, window);

  const run = await db.transaction().execute(async (trx) => {
    await lockRewardCycle(trx, input.cycle);
    const plan = await findCurrentRewardPlan(trx);
    const base = {
      cycle: input.cycle,
      cycle_starts_at: window.startsAt,
      cycle_ends_at: window.endsAt,
      source: input.statement.source satisfies RewardCycleSource,
      started_by: input.startedBy,
      started_at: startedAt,
      plan_version: plan.version,
    };
    const finish = () => {
      const finishedAt = clock.now();
      return { finished_at: finishedAt, duration_ms: Math.max(finishedAt.getTime() - startedAt.getTime(), 0) };
    };
    const stored = await recordCycleRun(
      trx,
      (await findDistributedRun(trx, input.cycle))
        ? {
            ...base,
            outcome: 'ALREADY_DISTRIBUTED',
            input_count: lines.length,
            unknown_uids: [],
            rewards_written: '0',
            total_master_amount: '0',
            total_paid: '0',
            total_locked: '0',
            ...finish(),
          }
        : await distribute(),
    );
    if (input.startedBy) {
      await recordAdminAction(
        trx,
        {
          actorId: input.startedBy,
          action: 'REWARD_CYCLE_RUN',
          targetType: 'REWARD_CYCLE',
          targetId: String(input.cycle),
          after: toRewardCycleRun(stored),
          ipAddress: input.ipAddress,
          requestId: input.requestId,
        },
        stored.finished_at,
      );
    }
    return stored;

    async function distribute() {
      const statement = await storeStatement(trx, input.cycle, lines);
      const totals = await distributeDownlineRewards(
        trx,
        input.cycle,
        plan,
        config.exchange.minimumDeposit,
        clock.now(),
      );
      return {
        ...base,
        outcome: 'DISTRIBUTED' as const,
        input_count: lines.length,
        unknown_uids: statement.unknownUids,
        rewards_written: String(totals.rewardsWritten),
        total_master_amount: statement.totalMasterAmount,
        total_paid: totals.totalPaid,
        total_locked: totals.totalLocked,
        ...finish(),
      };
    }
  });
  if (run.outcome === 'DISTRIBUTED') await settleLockedRewards(deps);
  return toRewardCycleRun(run);
}

async function readStatement(
  deps: Deps,
  statement: CycleStatement,
  window: { startsAt: Date; endsAt: Date },
): Promise<readonly StatementLine[]> {
  if (statement.source === 'UPLOAD') return statement.lines;
  const lines = await deps.integrations.exchangeGateway.copyTradingStatement(window, await linkedExchangeUids(deps.db));
  return lines.map((line) => ({ uid: line.uid, masterAmount: line.masterAmount }));
}

const unknownUidsShown = 1000;

export function toRewardCycleRun(run: CycleRunRow): RewardCycleRun {
  return {
    _id: run.id,
    cycle: run.cycle,
    startsAt: run.cycle_starts_at.toISOString(),
    endsAt: run.cycle_ends_at.toISOString(),
    source: run.source,
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
