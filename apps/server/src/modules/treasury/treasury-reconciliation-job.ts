import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import type { JobLock } from '../../jobs/job-lock';
import { type RecurringJob, startRecurringJob } from '../../jobs/recurring-job';
import { createTreasuryReconciliation } from './treasury-reconciliation';

/** Reconciles the treasury's payouts every TREASURY_SCAN_INTERVAL_MS, once across all server processes. */
export function startTreasuryReconciliationJob(
  context: AppContext,
  lock: JobLock,
  logger: FastifyBaseLogger,
): RecurringJob | null {
  const reconciliation = createTreasuryReconciliation(context, logger);
  if (!reconciliation) return null;
  return startRecurringJob({
    name: 'treasury-reconciliation',
    intervalMs: context.config.chain.treasuryScanIntervalMs,
    lock,
    logger,
    work: async () => {
      const result = await reconciliation.reconcile();
      if (result.transfersRead > 0) logger.info(result, 'treasury transfers reconciled');
    },
  });
}
