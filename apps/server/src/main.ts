import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { demoPayCommand, localUrlOf, removeServerFile, writeServerFile } from './bootstrap/local-server-file';
import { startupBanner } from './bootstrap/startup-banner';
import { runClusterPrimary } from './cluster/cluster-primary';
import { runClusterWorker } from './cluster/cluster-worker';
import { type Config, loadConfig } from './config/load-config';
import { migrationsLogLine } from './db/migrator';
import { runOperatorCommand } from './operator-command';
import { checksBeforeStart, startRuntime } from './server-runtime';
import { stopOnSignals } from './stop-on-signals';

/** One process that serves and runs the background jobs: local mode, the embedded database, one core. */
async function runSingleProcess(config: Config): Promise<void> {
  const warnings = await checksBeforeStart(config);
  const runtime = await startRuntime(config);
  const { app } = runtime;
  for (const warning of warnings) app.log.warn(warning);
  app.log.info(migrationsLogLine(runtime.migrations));
  stopOnSignals(runtime, config.shutdownGraceMs, () => removeServerFile(config.dataDir));

  await app.listen({ port: config.port, host: config.host });
  const localUrl = localUrlOf(app.server.address() as AddressInfo);
  writeServerFile(config.dataDir, localUrl);
  console.log(
    startupBanner(config.publicUrl, runtime.bootstrap, config.devToolsEnabled, {
      demoPayCommand: config.chain.demoChain ? demoPayCommand(localUrl, config.dataDir) : null,
    }),
  );
}

await runOperatorCommand({
  name: 'start',
  usage: 'npm run start:prod (node apps/server/dist/main.js); npm start in a checkout',
  summary:
    'Starts Uplink: the API, the web app and the background jobs, on WEB_CONCURRENCY processes. Applies pending migrations first. SIGTERM drains it (SHUTDOWN_GRACE_MS). A refused start says why in one line and writes nothing.',
  settings: ['every variable of docs/deployment.md ("Configuration"); nothing is needed locally'],
  async run() {
    const config = loadConfig();
    if (config.webConcurrency === 1) await runSingleProcess(config);
    else if (cluster.isPrimary) await runClusterPrimary(config);
    else await runClusterWorker(config);
    return undefined;
  },
});
