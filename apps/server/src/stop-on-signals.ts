import type { ServingRuntime } from './server-runtime';

/**
 * SIGINT or SIGTERM: the drain begins (every new request 503 with Retry-After, readiness too),
 * the requests already being served — uploads included — run to their end, then the app closes
 * (port, background jobs, database) and the process exits 0. Still not done after `graceMs`
 * (SHUTDOWN_GRACE_MS), it exits 1. `beforeStop` undoes what the process announced about itself
 * (the local server file).
 */
export function stopOnSignals(runtime: ServingRuntime, graceMs: number, beforeStop: () => void = () => {}): void {
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const { app } = runtime;
    app.drain.start();
    app.log.info({ signal, graceMs }, 'shutting down: draining the requests in flight');
    beforeStop();
    const timer = setTimeout(() => {
      app.log.error({ graceMs }, 'shutting down: requests still in flight after SHUTDOWN_GRACE_MS, exiting');
      process.exit(1);
    }, graceMs).unref();
    await app.drain.held();
    await runtime.stop();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
