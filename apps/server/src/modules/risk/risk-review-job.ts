import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobLock } from '../../jobs/job-lock';
import { type RecurringJob, startRecurringJob } from '../../jobs/recurring-job';
import { backfillRiskReview } from './risk-backfill';
import { forgetOldClientAddresses } from './risk-signals-repository';

/** The first run waits for the start-up to settle (the server answers at once, the backfill a minute later). */
const firstRunAfterMs = 60_000;

/**
 * The risk review's housekeeping, a minute after start-up and hourly: the backfill over the data
 * that existed before the rules (it runs once per database, then finds its row and does nothing),
 * and the deletion of raw client addresses older than 90 days.
 */
export function startRiskReviewJob(app: FastifyInstance, lock: JobLock, log: FastifyBaseLogger): RecurringJob {
  const { db, clock, config } = app.context;
  const job = startRecurringJob({
    name: 'risk-review',
    intervalMs: 60 * 60_000,
    lock,
    logger: log,
    work: async () => {
      const backfill = await backfillRiskReview(db, config.risk, clock.now());
      if (backfill.ran) log.info(backfill, 'risk review backfilled over the existing data');
      const forgotten = await forgetOldClientAddresses(db, clock.now());
      if (forgotten > 0) log.info({ forgotten }, 'client addresses older than 90 days deleted');
    },
  });
  const firstRun = setTimeout(() => void job.runNow(), firstRunAfterMs);
  firstRun.unref();
  return {
    runNow: job.runNow,
    async stop() {
      clearTimeout(firstRun);
      await job.stop();
    },
  };
}
