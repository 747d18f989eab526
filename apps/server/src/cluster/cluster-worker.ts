import type { Config } from '../config/load-config';
import { startWorkerRuntime } from '../server-runtime';
import { stopOnSignals } from '../stop-on-signals';
import { runsJobsHere } from './worker-pool';

/** One of the cluster's API processes: serves on the shared port, and runs the jobs if given them. */
export async function runClusterWorker(config: Config): Promise<void> {
  const runtime = await startWorkerRuntime(config, runsJobsHere());
  stopOnSignals(runtime, config.shutdownGraceMs);
  await runtime.app.listen({ port: config.port, host: config.host });
}
