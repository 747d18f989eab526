import { type Logger, type LoggerOptions, pino } from 'pino';
import { startupBanner } from '../bootstrap/startup-banner';
import type { Config } from '../config/load-config';
import { migrationsLogLine } from '../db/migrator';
import { loggerOptions } from '../http/http-plugins';
import { answerWorkerMetricsRequests } from '../modules/metrics/cluster-metrics';
import { checksBeforeStart, prepareClusterDatabase } from '../server-runtime';
import { WorkerPool } from './worker-pool';

/**
 * The primary process when WEB_CONCURRENCY > 1: it migrates and bootstraps the database once,
 * then forks the workers that serve (node:cluster shares the port among them), replaces those
 * that die and stops them all on SIGINT or SIGTERM. It serves nothing and keeps no connection;
 * it only answers the workers' requests for the cluster's metrics.
 */
export async function runClusterPrimary(config: Config): Promise<void> {
  const logger = pino(loggerOptions(config) as LoggerOptions);
  for (const warning of await checksBeforeStart(config)) logger.warn(warning);
  const { migrations, bootstrap } = await prepareClusterDatabase(config);
  logger.info(migrationsLogLine(migrations));

  // A worker's GET /api/metrics asks here for every worker's figures, summed.
  answerWorkerMetricsRequests();
  const workers = new WorkerPool(config.webConcurrency, logger, config.shutdownGraceMs);
  stopWorkersOnSignals(workers, logger);
  try {
    await workers.started;
  } catch (error) {
    await workers.stop();
    throw error;
  }
  // The demo chain, and so demo:pay, runs in a single process only (see config/start-checks.ts).
  console.log(startupBanner(config.publicUrl, bootstrap, config.devToolsEnabled, { demoPayCommand: null }));
}

/** Exits 0 once every worker has finished its in-flight requests and stopped; 1 when one had to be killed. */
function stopWorkersOnSignals(workers: WorkerPool, logger: Logger): void {
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: stopping the workers');
    const stoppedCleanly = await workers.stop();
    process.exit(stoppedCleanly ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
