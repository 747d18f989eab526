import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import type { JobLock } from '../../jobs/job-lock';
import { timeDepositScan } from '../../jobs/job-metrics';
import { type RecurringJob, startRecurringJob } from '../../jobs/recurring-job';
import { createDepositScanner } from './deposit-scanner';

/** Scans deposits of all watched members every DEPOSIT_SCAN_INTERVAL_MS, once across all server processes. */
export function startDepositScanJob(
  context: AppContext,
  lock: JobLock,
  logger: FastifyBaseLogger,
): RecurringJob | null {
  const scanner = createDepositScanner(context, logger);
  if (!scanner) return null;
  return startRecurringJob({
    name: 'deposit-scan',
    intervalMs: context.config.chain.depositScanIntervalMs,
    lock,
    logger,
    work: async () => {
      const result = await timeDepositScan(() => scanner.scanPending());
      if (result.transfersRecorded > 0 || result.membersCredited > 0) logger.info(result, 'deposits scanned');
    },
  });
}
