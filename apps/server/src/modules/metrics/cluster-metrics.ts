import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { ServiceUnavailableError } from '../../domain-error';
import { metricsRegistry } from '../../metrics-registry';

/**
 * With WEB_CONCURRENCY above one, each worker counts its own requests and jobs, and a scrape
 * reaches one worker at random: that worker asks the primary, which gathers every worker's
 * metrics (prom-client's AggregatorRegistry, over the cluster's IPC channels) and sums them.
 */

const metricsRequestType = 'uplink:metrics-request';
const metricsAnswerType = 'uplink:metrics-answer';
/** Longer than prom-client's own 5 s wait for the workers' answers, so that its failure is the one reported. */
const answerTimeoutMs = 6_000;

interface MetricsRequest {
  type: typeof metricsRequestType;
  id: number;
}

interface MetricsAnswer {
  type: typeof metricsAnswerType;
  id: number;
  /** The Prometheus text of all workers, or null when gathering failed (`error` says why). */
  text: string | null;
  error: string | null;
}

/** The metrics a scrape answers: this process's own, or in a cluster worker every worker's summed. */
export function readMetrics(): Promise<string> {
  return cluster.isWorker ? askPrimaryForClusterMetrics() : metricsRegistry.metrics();
}

/** The primary process calls this once, before forking: from then on it answers the workers' requests. */
export function answerWorkerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, metricsRequestType)) return;
    const { id } = message;
    aggregator.clusterMetrics().then(
      (text) => answerWorker(worker, { type: metricsAnswerType, id, text, error: null }),
      (error: unknown) => answerWorker(worker, { type: metricsAnswerType, id, text: null, error: String(error) }),
    );
  });
}

function answerWorker(worker: Worker, answer: MetricsAnswer): void {
  // A worker that has exited meanwhile waits for nothing any more.
  if (worker.isConnected()) worker.send(answer);
}

const waitingForAnswers = new Map<number, (answer: MetricsAnswer) => void>();
let lastRequestId = 0;

if (cluster.isWorker) {
  // prom-client answers the primary's requests for this worker's metrics once an
  // AggregatorRegistry exists in the worker: from the start, so no scrape waits for a silent worker.
  AggregatorRegistry.setRegistries(metricsRegistry);
  new AggregatorRegistry();
  process.on('message', (message: unknown) => {
    if (isMessage<MetricsAnswer>(message, metricsAnswerType)) waitingForAnswers.get(message.id)?.(message);
  });
}

function askPrimaryForClusterMetrics(): Promise<string> {
  lastRequestId += 1;
  const id = lastRequestId;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(null, 'the primary process did not answer'), answerTimeoutMs);
    function finish(text: string | null, error: string | null): void {
      clearTimeout(timer);
      waitingForAnswers.delete(id);
      if (text !== null) resolve(text);
      else reject(new ServiceUnavailableError(`Metrics of the cluster are not available: ${error}`));
    }
    waitingForAnswers.set(id, (answer) => finish(answer.text, answer.error));
    const request: MetricsRequest = { type: metricsRequestType, id };
    process.send?.(request, undefined, undefined, (error: Error | null) => {
      if (error) finish(null, error.message);
    });
  });
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}
