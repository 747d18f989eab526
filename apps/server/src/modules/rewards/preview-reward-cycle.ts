import { toWireMoney } from '@uplink/contract/money';
import type { RewardCyclePreview } from '@uplink/contract/rewards';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { unknownUidsShown } from './reward-cycle-run-record';
import { type CycleStatement, distributeCycle, readCycleStatement } from './run-reward-cycle';

/**
 * What running a cycle with this statement would do now, found by doing it: the run's own steps
 * (statement read, then the distribution under the cycle's lock) in a transaction that is always
 * rolled back, so the preview cannot disagree with the run. Nothing stays: no reward, ledger
 * entry, statement, run record or audit row — only the identity sequences move on, as after any
 * rollback. A distributed cycle previews as such, with zeros.
 */
export async function previewRewardCycle(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>,
  input: { cycle: number; statement: CycleStatement },
): Promise<RewardCyclePreview> {
  const { window, lines } = await readCycleStatement(deps, input.cycle, input.statement, deps.clock.now());
  const distribution = await inRolledBackTransaction(deps.db, (trx) => distributeCycle(deps, trx, input.cycle, lines));
  const distributed = distribution.outcome === 'DISTRIBUTED';
  const inputCount = distributed ? distribution.inputCount : 0;
  return {
    cycle: input.cycle,
    startsAt: window.startsAt.toISOString(),
    endsAt: window.endsAt.toISOString(),
    alreadyDistributed: !distributed,
    inputCount,
    matchedCount: inputCount - distribution.unknownUids.length,
    unknownUids: distribution.unknownUids.slice(0, unknownUidsShown),
    unknownCount: distribution.unknownUids.length,
    totalMasterAmount: toWireMoney(distribution.totalMasterAmount),
    rewardsToWrite: distribution.rewardsWritten,
    totalToPay: toWireMoney(distribution.totalPaid),
    totalToLock: toWireMoney(distribution.totalLocked),
  };
}

/** Ends a transaction with a rollback, carrying out what was computed in it. */
class RolledBack extends Error {
  constructor(readonly value: unknown) {
    super('rolled back on purpose');
  }
}

/** What `work` answers in a transaction that is then rolled back, whatever it did. */
function inRolledBackTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .execute(async (trx): Promise<never> => {
      throw new RolledBack(await work(trx));
    })
    .catch((error: unknown) => {
      if (error instanceof RolledBack) return error.value as T;
      throw error;
    });
}
