import { errorTexts } from '@uplink/contract/error-codes';
import type { RewardCycleRun } from '@uplink/contract/reward-runs';
import { Decimal } from 'decimal.js';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config/load-config';
import type { Database, RewardCycleBasis, RewardCycleSource } from '../../db/schema';
import { DomainError, validationFailed } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import { type CycleWindow, cycleWindow, lastFinishedCycle } from './reward-cycle-calendar';
import { betweenChunks, withCycleLease } from './reward-cycle-lease';
import {
  type CycleProgressRow,
  endCycleProgress,
  findCycleProgress,
  startCycleProgress,
} from './reward-cycle-progress-repository';
import { toRewardCycleRun } from './reward-cycle-run-record';
import { type CycleRunRow, findDistributedRun, lockRewardCycle, recordCycleRun } from './reward-cycle-runs-repository';
import {
  beneficiariesPerChunk,
  bookLedgerChunk,
  deleteCycleSums,
  sumCycleRewards,
} from './reward-ledger-chunks-repository';
import {
  attachRewardLoad,
  copiersPerChunk,
  ensureRewardPartitions,
  linkedExchangeUids,
  type StatementLine,
  storeStatement,
  writeRewardChunk,
} from './reward-load-repository';
import { findCurrentRewardPlan, findRewardPlanVersion } from './rewards-repository';
import { settleLockedRewards } from './settle-locked-rewards';

export type CycleStatement = { source: 'UPLOAD'; lines: readonly StatementLine[] } | { source: 'EXCHANGE' };

export interface RunRewardCycleInput {
  cycle: number;
  statement: CycleStatement;
  /** The administrator who ran it; null for the scheduled job and the terminal command. */
  startedBy: string | null;
  ipAddress?: string | null;
  requestId?: string | null;
  /** Chunk sizes (tests and benchmarks); by default `copiersPerChunk` and `beneficiariesPerChunk`. */
  chunks?: { copiers?: number; beneficiaries?: number };
}

/** What a run reads: the calendar and the exchange's settings, not the rest of the server's (rewards:cycle has only these). */
export type CycleRunDeps = Pick<AppContext, 'db' | 'clock' | 'integrations'> & {
  config: Pick<Config, 'rewards' | 'exchange'>;
};
type Deps = CycleRunDeps;

/**
 * What each source gives as a copier's `masterAmount`. The exchange's agent API documents no
 * profit-share field: its statement is the copy-trading commission (`extCopyCommissionVolume`).
 */
const statementBasis: Record<RewardCycleSource, RewardCycleBasis> = {
  UPLOAD: 'UPLOADED_STATEMENT',
  EXCHANGE: 'EXCHANGE_COPY_TRADING_COMMISSION',
};

/**
 * Distributes one finished cycle, once, in chunks that each take the database for a moment, so
 * members are answered while it runs (DESIGN.md section 3: chunks that resume by the unique key):
 *
 * 1. the statement is read (upload or exchange, no connection held), then stored in one
 *    transaction with each copier judged compliant or not, beside a progress row;
 * 2. rewards are written a chunk of copiers at a time, each chunk moving the progress cursor in
 *    its own transaction, into a fresh table without indexes that then gets its indexes and
 *    joins `rewards` as the cycle's DOWNLINE partition;
 * 3. once every reward exists, each beneficiary's rewards are summed in one pass, then ledger
 *    entries are booked from those sums a chunk of beneficiaries at a time;
 * 4. one transaction records the run (and its audit row) and ends the progress row.
 *
 * Before step 2 the cycle's `rewards` partition (and the next cycle's) is made if missing.
 *
 * A run killed half-way leaves a progress row; the next run of that cycle finishes it from where
 * it stopped, with the statement first stored (its own upload, if any, is not read), and the same
 * totals. The rewards' unique key and the ledger's one entry per cycle and account refuse a
 * double credit whatever happens. One preview or run at a time (`withCycleLease`). Locked rewards
 * of members who are compliant again are then released.
 */
export function runRewardCycle(deps: Deps, input: RunRewardCycleInput): Promise<RewardCycleRun> {
  return withCycleLease(deps, async () => {
    const startedAt = deps.clock.now();
    let progress = await findCycleProgress(deps.db, input.cycle);
    if (!progress) {
      const read = await readCycleStatement(deps, input.cycle, input.statement, startedAt);
      if (read.distributed)
        return toRewardCycleRun(await recordAlreadyDistributed(deps, input, read.window, startedAt));
      progress = await beginDistribution(deps, input, read.lines, startedAt);
      if (!progress) {
        return toRewardCycleRun(await recordAlreadyDistributed(deps, input, read.window, startedAt));
      }
    }
    await ensureRewardPartitions(deps.db, [progress.cycle, progress.cycle + 1]);
    await distributeInChunks(deps, progress, input.chunks);
    const run = await recordDistribution(deps, input, progress.cycle);
    await settleLockedRewards(deps);
    return toRewardCycleRun(run);
  });
}

/** Stores the statement and the progress row in one transaction; undefined when the cycle is distributed already. */
async function beginDistribution(
  deps: Deps,
  input: RunRewardCycleInput,
  lines: readonly StatementLine[],
  startedAt: Date,
): Promise<CycleProgressRow | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    await lockRewardCycle(trx, input.cycle);
    if (await findDistributedRun(trx, input.cycle)) return undefined;
    const underWay = await findCycleProgress(trx, input.cycle);
    if (underWay) return underWay;
    const plan = await findCurrentRewardPlan(trx);
    const statement = await storeStatement(trx, input.cycle, lines, deps.config.exchange.minimumBalance, startedAt);
    return startCycleProgress(trx, {
      cycle: input.cycle,
      source: input.statement.source,
      basis: statementBasis[input.statement.source],
      started_by: input.startedBy,
      started_at: startedAt,
      judged_at: startedAt,
      plan_version: plan.version,
      input_count: lines.length,
      unknown_uids: statement.unknownUids,
      total_master_amount: statement.totalMasterAmount,
    });
  });
}

/** Writes the rewards, sums them, then books the ledger, each a chunk per transaction, yielding between chunks. */
async function distributeInChunks(
  deps: Deps,
  progress: CycleProgressRow,
  chunks: RunRewardCycleInput['chunks'] = {},
): Promise<void> {
  const { cycle, judged_at: at } = progress;
  const plan = await findRewardPlanVersion(deps.db, progress.plan_version);
  const copiers = chunks.copiers ?? copiersPerChunk;
  const beneficiaries = chunks.beneficiaries ?? beneficiariesPerChunk;
  const chunk = <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    deps.db.transaction().execute(async (trx) => {
      await lockRewardCycle(trx, cycle);
      return work(trx);
    });

  if (!progress.rewards_done) {
    for (let taken = copiers; taken === copiers; await betweenChunks()) {
      ({ taken } = await chunk((trx) => writeRewardChunk(trx, cycle, plan, at, copiers)));
    }
  }
  await attachRewardLoad(deps.db, cycle);
  await chunk((trx) => sumCycleRewards(trx, cycle));
  for (let taken = beneficiaries; taken === beneficiaries; await betweenChunks()) {
    ({ taken } = await chunk((trx) => bookLedgerChunk(trx, cycle, at, beneficiaries)));
  }
}

/** Records the finished run from its progress row (then removed) and audits it, in one transaction. */
function recordDistribution(deps: Deps, input: RunRewardCycleInput, cycle: number): Promise<CycleRunRow> {
  return deps.db.transaction().execute(async (trx) => {
    await lockRewardCycle(trx, cycle);
    const progress = await endCycleProgress(trx, cycle);
    if (!progress) throw new Error(`cycle ${cycle}: no distribution under way to record`);
    await deleteCycleSums(trx, cycle);
    const window = cycleWindow(deps.config.rewards, cycle);
    const finishedAt = deps.clock.now();
    const run = await recordCycleRun(trx, {
      cycle,
      cycle_starts_at: window.startsAt,
      cycle_ends_at: window.endsAt,
      source: progress.source,
      basis: progress.basis,
      outcome: 'DISTRIBUTED',
      started_by: progress.started_by,
      started_at: progress.started_at,
      finished_at: finishedAt,
      plan_version: progress.plan_version,
      input_count: progress.input_count,
      unknown_uids: progress.unknown_uids,
      rewards_written: String(progress.rewards_written),
      total_master_amount: progress.total_master_amount,
      total_paid: progress.total_paid,
      total_locked: progress.total_locked,
      duration_ms: Math.max(finishedAt.getTime() - progress.started_at.getTime(), 0),
    });
    await auditRun(trx, input, run);
    return run;
  });
}

/** A run of a cycle distributed before: it writes nothing but the record that says so. */
function recordAlreadyDistributed(
  deps: Deps,
  input: RunRewardCycleInput,
  window: CycleWindow,
  startedAt: Date,
): Promise<CycleRunRow> {
  return deps.db.transaction().execute(async (trx) => {
    const plan = await findCurrentRewardPlan(trx);
    const finishedAt = deps.clock.now();
    const run = await recordCycleRun(trx, {
      cycle: input.cycle,
      cycle_starts_at: window.startsAt,
      cycle_ends_at: window.endsAt,
      source: input.statement.source,
      basis: statementBasis[input.statement.source],
      outcome: 'ALREADY_DISTRIBUTED',
      started_by: input.startedBy,
      started_at: startedAt,
      finished_at: finishedAt,
      plan_version: plan.version,
      input_count: input.statement.source === 'UPLOAD' ? input.statement.lines.length : 0,
      unknown_uids: [],
      rewards_written: '0',
      total_master_amount: '0',
      total_paid: '0',
      total_locked: '0',
      duration_ms: Math.max(finishedAt.getTime() - startedAt.getTime(), 0),
    });
    await auditRun(trx, input, run);
    return run;
  });
}

async function auditRun(trx: Kysely<Database>, input: RunRewardCycleInput, run: CycleRunRow): Promise<void> {
  if (!input.startedBy) return;
  await recordAdminAction(
    trx,
    {
      actorId: input.startedBy,
      action: 'REWARD_CYCLE_RUN',
      targetType: 'REWARD_CYCLE',
      targetId: String(run.cycle),
      after: toRewardCycleRun(run),
      ipAddress: input.ipAddress,
      requestId: input.requestId,
    },
    run.finished_at,
  );
}

export type CycleToDistribute =
  | { window: CycleWindow; distributed: true }
  | { window: CycleWindow; distributed: false; lines: readonly StatementLine[] };

/**
 * The window and statement of a finished cycle (refused when the cycle has not ended at `at`),
 * read from the upload or the exchange with no connection held; a cycle distributed before is
 * not read again.
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
  if (await findDistributedRun(deps.db, cycle)) return { window, distributed: true };
  if (statement.source === 'UPLOAD') return { window, distributed: false, lines: statement.lines };
  const linkedUids = await linkedExchangeUids(deps.db);
  const lines = await deps.integrations.exchangeGateway.copyTradingStatement(window, linkedUids);
  // Nothing to pay while members are linked is what a changed or misread exchange answer looks
  // like: refused, never recorded as a distributed (and so never again runnable) empty cycle.
  if (linkedUids.length > 0 && !lines.some((line) => new Decimal(line.masterAmount).gt(0))) {
    throw new DomainError('EXCHANGE_STATEMENT_EMPTY', errorTexts.EXCHANGE_STATEMENT_EMPTY);
  }
  return {
    window,
    distributed: false,
    lines: lines.map((line) => ({ uid: line.uid, masterAmount: line.masterAmount })),
  };
}
