import pino from 'pino';
import { processJobLock } from '../../jobs/job-lock';
import { startRecurringJob } from '../../jobs/recurring-job';
import { readMetrics } from './cluster-metrics';

/**
 * A cluster worker of cluster-metrics.test.ts: runs a job RUNS times, says `counted`, then answers
 * each `scrape` with what a scrape of this worker's /api/metrics would read.
 */
const job = startRecurringJob({
  name: 'cluster-fixture',
  intervalMs: 3_600_000,
  lock: processJobLock(),
  logger: pino({ level: 'silent' }),
  work: async () => {},
});
for (let run = 0; run < Number(process.env.RUNS); run += 1) await job.runNow();
await job.stop();

process.on('message', async (message: unknown) => {
  if (message === 'scrape') process.send?.({ scraped: await readMetrics() });
});
process.send?.('counted');
