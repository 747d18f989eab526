import type { FastifyBaseLogger } from 'fastify';
import type { JobLock } from './job-lock';
import { countJobRunsFromZero, startJobRun } from './job-metrics';

export interface RecurringJob {
  /** Runs the work now (unless another process or run holds it) and resolves when done. */
  runNow(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface RecurringJobOptions {
  name: string;
  intervalMs: number;
  lock: JobLock;
  logger: FastifyBaseLogger;
  work: () => Promise<void>;
  /** Also runs once this long after the start (by then the process has taken the lead, if it is to), not only after a first interval. */
  firstRunAfterMs?: number;
}

/**
 * Runs `work` every `intervalMs` while this process leads the jobs, never twice at once: runs of
 * this process wait for each other, and `lock` keeps other processes out (see `JobLock`). The lock holds no connection that the
 * work needs, so the work may use the database freely, even the embedded one's single connection.
 */
export function startRecurringJob(options: RecurringJobOptions): RecurringJob {
  countJobRunsFromZero(options.name);
  let running: Promise<boolean> | null = null;
  let stopped = false;

  async function runOnce(): Promise<boolean> {
    // A process that does not lead the jobs (another host does) neither runs nor counts them.
    if (!options.lock.leads()) return false;
    const finished = startJobRun(options.name);
    try {
      const ran = await options.lock.runExclusive(options.name, options.work);
      finished(ran ? 'ok' : 'skipped');
      // Which process ran which job, at debug level: with several processes only one should.
      if (ran) options.logger.debug({ job: options.name }, 'recurring job ran');
      return ran;
    } catch (error) {
      finished('failed');
      options.logger.error({ err: error, job: options.name }, 'recurring job failed');
      return false;
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
  const first =
    options.firstRunAfterMs === undefined ? undefined : setTimeout(() => void runNow(), options.firstRunAfterMs);
  first?.unref();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
