import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from '../metrics-registry';

/** `skipped`: another run (of this process or another) held the job, so this one did nothing. */
export type JobRunOutcome = 'ok' | 'failed' | 'skipped';

/**
 * The job is `job_name`: a scrape adds Prometheus' own `job` (the scrape job), which would rename
 * ours to `exported_job` and leave alerts naming the scrape job instead of the failing one.
 */
const jobRuns = new Counter({
  name: 'uplink_job_runs_total',
  help: 'Runs of each background job, by outcome',
  labelNames: ['job_name', 'outcome'] as const,
  registers: [metricsRegistry],
});

const jobRunDuration = new Histogram({
  name: 'uplink_job_run_duration_seconds',
  help: 'How long a background job ran, by outcome (skipped runs did no work and are not timed)',
  labelNames: ['job_name', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [metricsRegistry],
});

/**
 * Whether a job's last run here failed: an alert on it clears with the first run that works, where
 * failures counted over a window keep it up for the whole window after the cause is gone.
 */
const jobFailing = new Gauge({
  name: 'uplink_job_failing',
  help: 'Whether the last run of each background job in this process failed (1) or worked (0); absent before its first run here',
  labelNames: ['job_name'] as const,
  aggregator: 'max',
  registers: [metricsRegistry],
});

const depositScanDuration = new Histogram({
  name: 'uplink_deposit_scan_duration_seconds',
  help: 'How long a scan of the watched deposit addresses for confirmed transfers took',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [metricsRegistry],
});

/**
 * Shows `job`'s failed runs from 0 before any fails: `increase()` does not count a series that
 * first appears at 1, so UplinkBackgroundJobFailing would wait for a second failure — for the
 * hourly risk review, an hour after the first.
 */
export function countJobRunsFromZero(job: string): void {
  jobRuns.inc({ job_name: job, outcome: 'failed' }, 0);
}

/** Starts timing a run of `job`; the returned function counts it with its outcome. */
export function startJobRun(job: string): (outcome: JobRunOutcome) => void {
  const started = performance.now();
  return (outcome) => {
    jobRuns.inc({ job_name: job, outcome });
    if (outcome !== 'skipped') {
      jobFailing.set({ job_name: job }, outcome === 'failed' ? 1 : 0);
      jobRunDuration.observe({ job_name: job, outcome }, (performance.now() - started) / 1000);
    }
  };
}

/** Runs one deposit scan and times it; a scan that fails is counted by the job's `failed` runs instead. */
export async function timeDepositScan<T>(scan: () => Promise<T>): Promise<T> {
  const scanned = depositScanDuration.startTimer();
  const result = await scan();
  scanned();
  return result;
}
