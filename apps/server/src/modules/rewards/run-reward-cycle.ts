import { errorTexts } from '@uplink/contract/error-codes';
import type { RewardCycleRun } from '@uplink/contract/rewards';
import { Decimal } from 'decimal.js';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database, RewardCycleBasis, RewardCycleOutcome, RewardCycleSource } from '../../db/schema';
import { DomainError, validationFailed } from '../../http/domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import { type CycleWindow, cycleWindow, lastFinishedCycle } from './reward-cycle-calendar';
import { toRewardCycleRun } from './reward-cycle-run-record';
import {
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
  const { db, clock } = deps;
  const startedAt = clock.now();
  const { window, lines } = await readCycleStatement(deps, input.cycle, input.statement, startedAt);

  const run = await db.transaction().execute(async (trx) => {
    const distribution = await distributeCycle(deps, trx, input.cycle, lines);
    const finishedAt = clock.now();
    const stored = await recordCycleRun(trx, {
      cycle: input.cycle,
      cycle_starts_at: window.startsAt,
      cycle_ends_at: window.endsAt,
      source: input.statement.source,
      basis: statementBasis[input.statement.source],
      outcome: distribution.outcome,
      started_by: input.startedBy,
      started_at: startedAt,
      finished_at: finishedAt,
      plan_version: distribution.planVersion,
      input_count: distribution.inputCount,
      unknown_uids: distribution.unknownUids,
      rewards_written: String(distribution.rewardsWritten),
      total_master_amount: distribution.totalMasterAmount,
      total_paid: distribution.totalPaid,
      total_locked: distribution.totalLocked,
      duration_ms: Math.max(finishedAt.getTime() - startedAt.getTime(), 0),
    });
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
  });
  if (run.outcome === 'DISTRIBUTED') await settleLockedRewards(deps);
  return toRewardCycleRun(run);
}

/**
 * What each source gives as a copier's `masterAmount`. The exchange's agent API documents no
 * profit-share field: its statement is the copy-trading commission (`extCopyCommissionVolume`).
 */
const statementBasis: Record<RewardCycleSource, RewardCycleBasis> = {
  UPLOAD: 'UPLOADED_STATEMENT',
  EXCHANGE: 'EXCHANGE_COPY_TRADING_COMMISSION',
};

export interface CycleToDistribute {
  window: CycleWindow;
  /** Empty when the cycle was already distributed: its statement is not read again. */
  lines: readonly StatementLine[];
}

/**
 * The window and statement of a finished cycle (refused when the cycle has not ended at `at`),
 * read from the upload or the exchange with no connection held.
 */
export async function readCycleStatement(
  deps: Deps,
  cycle: number,
  statement: CycleStatement,
  at: Date,
): Promise<CycleToDistribute> {
  const finished = lastFinishedCycle(deps.config.rewards, at);
  if (cycle > finished) {
    throw validationFailed([
      { field: 'cycle', message: `Cycle ${cycle} has not ended yet; the last finished cycle is ${finished}` },
    ]);
  }
  const window = cycleWindow(deps.config.rewards, cycle);
  if (await findDistributedRun(deps.db, cycle)) return { window, lines: [] };
  if (statement.source === 'UPLOAD') return { window, lines: statement.lines };
  const linkedUids = await linkedExchangeUids(deps.db);
  const lines = await deps.integrations.exchangeGateway.copyTradingStatement(window, linkedUids);
  // Nothing to pay while members are linked is what a changed or misread exchange answer looks
  // like: refused, never recorded as a distributed (and so never again runnable) empty cycle.
  if (linkedUids.length > 0 && !lines.some((line) => new Decimal(line.masterAmount).gt(0))) {
    throw new DomainError('EXCHANGE_STATEMENT_EMPTY', errorTexts.EXCHANGE_STATEMENT_EMPTY);
  }
  return { window, lines: lines.map((line) => ({ uid: line.uid, masterAmount: line.masterAmount })) };
}

/** What a distribution did (or, rolled back, would do); NUMERIC amounts as strings. */
export interface CycleDistribution {
  outcome: RewardCycleOutcome;
  planVersion: number;
  inputCount: number;
  /** Statement UIDs no member has linked. */
  unknownUids: string[];
  totalMasterAmount: string;
  rewardsWritten: number;
  totalPaid: string;
  totalLocked: string;
}

/**
 * The distribution itself, in the caller's transaction under the cycle's lock: stores the
 * statement and writes every reward, counter and ledger entry of the cycle under the current
 * plan — or nothing, when the cycle is already distributed.
 */
export async function distributeCycle(
  deps: Pick<AppContext, 'clock' | 'config'>,
  trx: Kysely<Database>,
  cycle: number,
  lines: readonly StatementLine[],
): Promise<CycleDistribution> {
  await lockRewardCycle(trx, cycle);
  const plan = await findCurrentRewardPlan(trx);
  if (await findDistributedRun(trx, cycle)) {
    return {
      outcome: 'ALREADY_DISTRIBUTED',
      planVersion: plan.version,
      inputCount: lines.length,
      unknownUids: [],
      totalMasterAmount: '0',
      rewardsWritten: 0,
      totalPaid: '0',
      totalLocked: '0',
    };
  }
  const statement = await storeStatement(trx, cycle, lines);
  const totals = await distributeDownlineRewards(
    trx,
    cycle,
    plan,
    deps.config.exchange.minimumDeposit,
    deps.clock.now(),
  );
  return {
    outcome: 'DISTRIBUTED',
    planVersion: plan.version,
    inputCount: lines.length,
    unknownUids: statement.unknownUids,
    totalMasterAmount: statement.totalMasterAmount,
    ...totals,
  };
}
