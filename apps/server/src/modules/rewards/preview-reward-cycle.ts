import { toWireMoney } from '@uplink/contract/money';
import type { RewardCyclePreview } from '@uplink/contract/reward-runs';
import { Decimal } from 'decimal.js';
import { betweenChunks, withCycleLease } from './reward-cycle-lease';
import { unknownUidsShown } from './reward-cycle-run-record';
import { copiersPerChunk, matchStatementLines, previewRewardChunk, type StatementLine } from './reward-load-repository';
import { findCurrentRewardPlan } from './rewards-repository';
import { type CycleRunDeps, type CycleStatement, readCycleStatement } from './run-reward-cycle';

/** Statement lines matched to members per statement of the preview. */
const linesPerChunk = 5000;

type Deps = CycleRunDeps;

/**
 * What running a cycle with this statement would do now, by the run's own statements (the
 * matching and compliance of `storeStatement`, the reward rule of `writeRewardChunk`), read in
 * chunks that each take the database for a moment and write nothing. A distributed cycle
 * previews as such, with zeros. One preview or run at a time.
 */
export function previewRewardCycle(
  deps: Deps,
  input: { cycle: number; statement: CycleStatement; chunks?: { copiers?: number } },
): Promise<RewardCyclePreview> {
  return withCycleLease(deps, async () => {
    const at = deps.clock.now();
    const read = await readCycleStatement(deps, input.cycle, input.statement, at);
    const summary = read.distributed
      ? undefined
      : await previewDistribution(deps, read.lines, at, input.chunks?.copiers);
    return {
      cycle: input.cycle,
      startsAt: read.window.startsAt.toISOString(),
      endsAt: read.window.endsAt.toISOString(),
      alreadyDistributed: read.distributed,
      inputCount: summary?.inputCount ?? 0,
      matchedCount: (summary?.inputCount ?? 0) - (summary?.unknownUids.length ?? 0),
      unknownUids: (summary?.unknownUids ?? []).slice(0, unknownUidsShown),
      unknownCount: summary?.unknownUids.length ?? 0,
      totalMasterAmount: toWireMoney(summary?.totalMasterAmount ?? '0'),
      rewardsToWrite: summary?.rewardsWritten ?? 0,
      totalToPay: toWireMoney(summary?.totalPaid ?? '0'),
      totalToLock: toWireMoney(summary?.totalLocked ?? '0'),
    };
  });
}

async function previewDistribution(
  deps: Deps,
  lines: readonly StatementLine[],
  at: Date,
  copiersInChunk = copiersPerChunk,
) {
  const plan = await findCurrentRewardPlan(deps.db);
  const copiers: { copierId: string; masterAmount: string }[] = [];
  const compliantIds: string[] = [];
  const unknownUids: string[] = [];
  let totalMasterAmount = new Decimal(0);
  for (let from = 0; from < lines.length; from += linesPerChunk) {
    const matched = await matchStatementLines(
      deps.db,
      lines.slice(from, from + linesPerChunk),
      deps.config.exchange.minimumBalance,
      at,
    );
    for (const line of matched) {
      if (line.copier_id === null) {
        unknownUids.push(line.uid);
        continue;
      }
      copiers.push({ copierId: line.copier_id, masterAmount: line.master_amount });
      if (line.compliant) compliantIds.push(line.copier_id);
      totalMasterAmount = totalMasterAmount.plus(line.master_amount);
    }
    await betweenChunks();
  }

  let rewardsWritten = 0;
  let totalPaid = new Decimal(0);
  let totalLocked = new Decimal(0);
  for (let from = 0; from < copiers.length; from += copiersInChunk) {
    const chunk = await previewRewardChunk(deps.db, copiers.slice(from, from + copiersInChunk), compliantIds, plan);
    rewardsWritten += chunk.rewardsWritten;
    totalPaid = totalPaid.plus(chunk.totalPaid);
    totalLocked = totalLocked.plus(chunk.totalLocked);
    await betweenChunks();
  }
  return {
    inputCount: lines.length,
    // In the order the run reports them.
    unknownUids: unknownUids.sort(),
    totalMasterAmount: totalMasterAmount.toFixed(),
    rewardsWritten,
    totalPaid: totalPaid.toFixed(),
    totalLocked: totalLocked.toFixed(),
  };
}
