import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseHandle } from '../db/database';

export interface HeldLock {
  /** Commits the holding transaction: whoever queued behind it goes on, in the order they queued. */
  release(): Promise<void>;
}

/**
 * Row locks taken by a transaction of the test's own, on a pool connection the app does not
 * track (PostgreSQL only): requests sent afterwards queue behind it in the order the test sends
 * them, so a race that happens once in a hundred tries happens every time.
 */
export async function holdLocks(handle: DatabaseHandle, statements: readonly string[]): Promise<HeldLock> {
  const client = await handle.pool.connect();
  await client.query('BEGIN');
  for (const statement of statements) await client.query(statement);
  return {
    async release() {
      try {
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    },
  };
}

/** Resolves once `count` sessions of this database wait for a lock (polled: the test never guesses a delay). */
export async function lockWaiters(handle: DatabaseHandle, count: number): Promise<void> {
  for (;;) {
    const { rows } = await handle.pool.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await sleep(5);
  }
}
