import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

export interface RecurringJob {
  /** Runs the work now (unless another process or run holds it) and resolves when done. */
  runNow(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface RecurringJobOptions {
  name: string;
  intervalMs: number;
  pool: pg.Pool;
  logger: FastifyBaseLogger;
  work: () => Promise<void>;
}

/**
 * Runs `work` every `intervalMs`, never twice at once across any number of server processes:
 * each run first takes a PostgreSQL advisory lock named after the job, and skips if it is held.
 */
export function startRecurringJob(options: RecurringJobOptions): RecurringJob {
  const lockKey = advisoryLockKey(options.name);
  let running: Promise<boolean> | null = null;
  let stopped = false;

  async function runOnce(): Promise<boolean> {
    const client = await options.pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [lockKey]);
      if (!rows[0]?.locked) return false;
      try {
        await options.work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [lockKey]);
      }
      return true;
    } catch (error) {
      options.logger.error({ err: error, job: options.name }, 'recurring job failed');
      return false;
    } finally {
      client.release();
    }
  }

  function runNow(): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => void runNow(), options.intervalMs);
  timer.unref();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

function advisoryLockKey(name: string): string {
  return createHash('sha256').update(`uplink:${name}`).digest().readBigInt64BE(0).toString();
}
