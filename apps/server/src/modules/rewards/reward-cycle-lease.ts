import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { errorTexts } from '@uplink/contract/error-codes';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { type CycleWork, releaseCycleLease, renewCycleLease, takeCycleLease } from './reward-cycle-progress-repository';

/** Long enough for the slowest chunk; every chunk renews it. A holder killed mid-run lets go after it. */
export const cycleLeaseMs = 5 * 60_000;

export interface CycleLease {
  /** In a chunk's transaction: keeps the lease, or refuses the chunk when it was lost. */
  renew(trx: Kysely<Database>): Promise<void>;
}

const busy = () => new DomainError('REWARD_CYCLE_BUSY', errorTexts.REWARD_CYCLE_BUSY);

/**
 * Runs `task` holding the one lease of cycle work: a second preview or run (a double click, the
 * scheduled job beside an administrator) is refused at once with REWARD_CYCLE_BUSY instead of
 * queueing behind the first for the database.
 */
export async function withCycleLease<T>(
  deps: Pick<AppContext, 'db' | 'clock'>,
  cycle: number,
  work: CycleWork,
  task: (lease: CycleLease) => Promise<T>,
): Promise<T> {
  const holder = randomUUID();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + cycleLeaseMs);
  if (!(await takeCycleLease(deps.db, { holder, cycle, work, now, expiresAt }))) throw busy();
  try {
    return await task({
      async renew(trx) {
        if (!(await renewCycleLease(trx, holder, new Date(deps.clock.now().getTime() + cycleLeaseMs)))) throw busy();
      },
    });
  } finally {
    // A lease that cannot be given back (the database went away) expires on its own.
    await releaseCycleLease(deps.db, holder).catch(() => undefined);
  }
}

/**
 * Between two chunks: lets the requests that arrived meanwhile reach the connection queue, so
 * they are answered before the next chunk takes the embedded database's one connection.
 */
export const betweenChunks = () => nextTurn();
