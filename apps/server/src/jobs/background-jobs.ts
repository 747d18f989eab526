import type { FastifyInstance } from 'fastify';
import { forgetStaleSignInAttempts } from '../modules/accounts/sign-in-attempts-repository';
import { startDepositScanJob } from '../modules/subscription/deposit-scan-job';
import { sweepLapsedSubscriptions } from '../modules/subscription/subscription-expiry';
import type { JobLock } from './job-lock';
import { startRecurringJob } from './recurring-job';

/**
 * The recurring work of a server process, each job under the database's job lock so that one
 * process runs it at a time; every job stops when the app closes.
 */
export function startBackgroundJobs(app: FastifyInstance, lock: JobLock): void {
  const { db, clock } = app.context;
  const jobs = [
    startDepositScanJob(app.context, lock, app.log),
    startRecurringJob({
      name: 'subscription-expiry',
      intervalMs: 60_000,
      lock,
      logger: app.log,
      work: async () => {
        await sweepLapsedSubscriptions(db, clock.now());
      },
    }),
    startRecurringJob({
      name: 'sign-in-attempts-sweep',
      intervalMs: 60 * 60_000,
      lock,
      logger: app.log,
      work: async () => {
        await forgetStaleSignInAttempts(db);
      },
    }),
  ];
  for (const job of jobs) app.addHook('onClose', async () => job?.stop());
}
