import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Keeps a background job to one runner at a time. */
export interface JobLock {
  /** Runs `work` unless another runner holds the job `name` right now; false when it was skipped. */
  runExclusive(name: string, work: () => Promise<void>): Promise<boolean>;
}

/**
 * PostgreSQL: any number of server processes may run against one database, so a run takes a
 * session advisory lock named after the job, on a connection it keeps for the run (the work
 * itself uses other connections of the pool), and skips when another process holds it.
 */
export function advisoryJobLock(pool: pg.Pool): JobLock {
  return {
    async runExclusive(name, work) {
      const key = advisoryLockKey(name);
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
        if (!rows[0]?.locked) return false;
        try {
          await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
        return true;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * The embedded database: only one process can open its data directory (the lock file taken in
 * `openDatabase`), so the jobs of that process are the only runners there are, and a lock in
 * memory is the whole lock. It needs no connection, which matters: the one connection the
 * embedded database has is the one the work itself must use.
 */
export function processJobLock(): JobLock {
  const running = new Set<string>();
  return {
    async runExclusive(name, work) {
      if (running.has(name)) return false;
      running.add(name);
      try {
        await work();
        return true;
      } finally {
        running.delete(name);
      }
    },
  };
}

function advisoryLockKey(name: string): string {
  return createHash('sha256').update(`uplink:${name}`).digest().readBigInt64BE(0).toString();
}
