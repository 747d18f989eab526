import type { ServingRuntime } from './server-runtime';

/** How long a process may take to finish its in-flight requests and close before it exits anyway. */
export const gracefulStopMs = 10_000;

/**
 * SIGINT or SIGTERM: stop accepting requests, finish the ones in flight, close the database and
 * exit 0; a stop still running after `gracefulStopMs` exits 1. `beforeStop` undoes what the
 * process announced about itself (the local server file).
 */
export function stopOnSignals(runtime: ServingRuntime, beforeStop: () => void = () => {}): void {
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    runtime.app.log.info({ signal }, 'shutting down');
    beforeStop();
    const timer = setTimeout(() => process.exit(1), gracefulStopMs).unref();
    await runtime.stop();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
