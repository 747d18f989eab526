import { setImmediate as nextTurn } from 'node:timers/promises';
import { errorTexts } from '@uplink/contract/error-codes';
import type { AppContext } from '../../app-context';
import { trySessionLock } from '../../db/session-lock';
import { DomainError } from '../../domain-error';

/** The name of the one lease of cycle work (see `withCycleLease`); `ledger:check` asks whether it is held. */
export const cycleLeaseName = 'reward-cycle';

const busy = () => new DomainError('REWARD_CYCLE_BUSY', errorTexts.REWARD_CYCLE_BUSY);

/**
 * @rule ONE_CYCLE_WORK_AT_A_TIME
 * Runs `task` holding the one lease of cycle work: a second preview or run (a double click, the
 * scheduled job beside an administrator, the terminal command beside the server) is refused at
 * once with REWARD_CYCLE_BUSY instead of queueing behind the first for the database. The lease is
 * the holder's database session (`trySessionLock`): it ends with its process, so a run whose
 * process was killed is resumed by the next run at once, not 5 minutes later (issue 42).
 */
export async function withCycleLease<T>(deps: Pick<AppContext, 'db'>, task: () => Promise<T>): Promise<T> {
  const release = await trySessionLock(deps.db, cycleLeaseName);
  if (!release) throw busy();
  try {
    return await task();
  } finally {
    await release();
  }
}

/**
 * Between two chunks: lets the requests that arrived meanwhile reach the connection queue, so
 * they are answered before the next chunk takes the embedded database's one connection.
 */
export const betweenChunks = () => nextTurn();
