import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerWorkerMetricsRequests } from './cluster-metrics';

/** The next message of `worker` that `wanted` accepts (the metrics' own IPC messages pass by). */
function nextMessage<T>(worker: Worker, wanted: (message: unknown) => message is T): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if (!wanted(message)) return;
      worker.off('message', listener);
      resolve(message);
    };
    worker.on('message', listener);
  });
}

const isCounted = (message: unknown): message is 'counted' => message === 'counted';
const isScrape = (message: unknown): message is { scraped: string } =>
  typeof message === 'object' && message !== null && 'scraped' in message;

describe('metrics of a cluster (WEB_CONCURRENCY above one)', () => {
  const workers: Worker[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((worker) => new Promise((exited) => worker.once('exit', exited).process.kill())));
  });

  it('answers a scrape of one worker with the sum of every worker', async () => {
    // This test process is the primary, as main.ts's is: two real workers, each counting job runs of its own.
    answerWorkerMetricsRequests();
    cluster.setupPrimary({
      exec: path.join(import.meta.dirname, 'cluster-worker.fixture.ts'),
      execArgv: ['--import', 'tsx'],
    });
    workers.push(cluster.fork({ RUNS: '2' }), cluster.fork({ RUNS: '3' }));
    await Promise.all(workers.map((worker) => nextMessage(worker, isCounted)));

    for (const worker of workers) {
      const scraped = nextMessage(worker, isScrape);
      worker.send('scrape');
      const { scraped: text } = await scraped;
      expect(text).toMatch(/^uplink_job_runs_total\{job_name="cluster-fixture",outcome="ok"\} 5$/m);
      expect(text).toMatch(/^uplink_job_run_duration_seconds_count\{job_name="cluster-fixture",outcome="ok"\} 5$/m);
    }
  });
});
