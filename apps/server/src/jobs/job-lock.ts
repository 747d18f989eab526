import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/database';
import { type SessionLockRelease, sessionLockKey, trySessionLock } from '../db/session-lock';

/** Keeps each background job to one runner in the whole deployment. */
export interface JobLock {
  /**
   * Whether this process runs the background jobs now: always on the embedded database; on
   * PostgreSQL only while it leads (`leaderJobLock`). The others' timers tick without running.
   */
  leads(): boolean;
  /** Runs `work` unless another runner holds the job `name` right now, or this process does not lead; false when it was skipped. */
  runExclusive(name: string, work: () => Promise<void>): Promise<boolean>;
  /** Gives the lead up (before the database closes). */
  close(): Promise<void>;
}

/**
 * For the process that runs the background jobs: the lock that keeps each to one runner — across
 * every process and host on PostgreSQL (the one that leads, `leaderJobLock`), in this process on
 * the embedded database (`processJobLock`). Given up before the database closes; `onChange` is
 * told when this process takes or loses the lead.
 */
export function startJobLock(
  database: Pick<DatabaseHandle, 'db' | 'pool' | 'kind' | 'closeFirst'>,
  onChange: (leading: boolean, reason: string) => void = () => {},
): JobLock {
  const lock =
    database.kind === 'postgres'
      ? leaderJobLock(database.db as Kysely<unknown>, database.pool, onChange)
      : processJobLock();
  database.closeFirst(() => lock.close());
  return lock;
}

/** How often a process that does not lead tries to: the longest a dead leader's jobs wait for another host. */
export const leadTryIntervalMs = 10_000;

/**
 * @rule JOBS_RUN_ONCE_ACROSS_HOSTS
 * PostgreSQL: any number of processes on any number of hosts run against one database, and
 * exactly one of them runs the background jobs — the one holding the session-level advisory lock
 * `background-jobs` (`trySessionLock`). PostgreSQL gives that lock up the moment the leader's
 * session ends (its process exits or is killed; a host cut off within about 25 s), and another
 * process, trying every `leadTryIntervalMs`, takes over: a job runs on its interval in the whole
 * deployment, not once per host (issue 42: two hosts scanned deposits twice as often), and never
 * stops for more than a few seconds when its leader dies. Each run still takes the job's own
 * advisory lock, so a leader that lost its lead mid-run and the next leader never overlap.
 */
export function leaderJobLock(
  db: Kysely<unknown>,
  pool: pg.Pool,
  onChange: (leading: boolean, reason: string) => void,
): JobLock {
  const perJob = advisoryJobLock(pool);
  let release: SessionLockRelease | null = null;
  let trying: Promise<void> | null = null;
  let closed = false;
  const tryToLead = async () => {
    if (closed || release) return;
    const taken = await trySessionLock(db, 'background-jobs', {
      everyMs: leadTryIntervalMs,
      onLost: (reason) => {
        release = null;
        onChange(false, `lost the lead: ${reason}`);
      },
    }).catch(() => null);
    if (taken && closed) await taken();
    else if (taken) {
      release = taken;
      onChange(true, 'leads the background jobs');
    }
  };
  const attempt = () => {
    trying ??= tryToLead().finally(() => {
      trying = null;
    });
    return trying;
  };
  const timer = setInterval(() => void attempt(), leadTryIntervalMs);
  timer.unref();
  void attempt();
  return {
    leads: () => release !== null,
    async runExclusive(name, work) {
      if (!release) return false;
      return perJob.runExclusive(name, work);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await trying;
      const held = release;
      release = null;
      await held?.();
    },
  };
}

/**
 * One job at a time on PostgreSQL: a run takes a session advisory lock named after the job, on a
 * connection it keeps for the run (the work itself uses other connections of the pool), and skips
 * when another process holds it.
 */
function advisoryJobLock(pool: pg.Pool): Pick<JobLock, 'runExclusive'> {
  return {
    async runExclusive(name, work) {
      const key = sessionLockKey(name);
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
    leads: () => true,
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
    async close() {},
  };
}
