import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import type { JobLock } from '../../jobs/job-lock';
import { timeDepositScan } from '../../jobs/job-metrics';
import { type RecurringJob, startRecurringJob } from '../../jobs/recurring-job';
import { recordDepositChainHead } from '../metrics/business-metrics';
import { createDepositScanner, depositCursorName } from './deposit-scanner';

/** Scans deposits of all watched members every DEPOSIT_SCAN_INTERVAL_MS, once across all server processes. */
export function startDepositScanJob(
  context: AppContext,
  lock: JobLock,
  logger: FastifyBaseLogger,
): RecurringJob | null {
  const chain = context.integrations.depositChain;
  const scanner = createDepositScanner(context, logger);
  if (!chain || !scanner) return null;
  return startRecurringJob({
    name: 'deposit-scan',
    intervalMs: context.config.chain.depositScanIntervalMs,
    lock,
    logger,
    work: async () => {
      // Seen before the scan, so a scan that keeps failing shows as a growing distance to the head.
      recordDepositChainHead(depositCursorName(chain), await chain.headBlockNumber());
      const result = await timeDepositScan(() => scanner.scanPending());
      if (result.transfersRecorded > 0 || result.membersCredited > 0) logger.info(result, 'deposits scanned');
    },
  });
}
