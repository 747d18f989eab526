import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { demoPayCommand, localUrlOf, removeServerFile, writeServerFile } from './bootstrap/local-server-file';
import { startupBanner } from './bootstrap/startup-banner';
import { runClusterPrimary } from './cluster/cluster-primary';
import { runClusterWorker } from './cluster/cluster-worker';
import { type Config, ConfigError, loadConfig } from './config/load-config';
import { migrationsLogLine } from './db/migrator';
import { startRuntime } from './server-runtime';
import { stopOnSignals } from './stop-on-signals';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.webConcurrency === 1) return runSingleProcess(config);
  return cluster.isPrimary ? runClusterPrimary(config) : runClusterWorker(config);
}

/** One process that serves and runs the background jobs: local mode, the embedded database, one core. */
async function runSingleProcess(config: Config): Promise<void> {
  const runtime = await startRuntime(config);
  const { app } = runtime;
  app.log.info(migrationsLogLine(runtime.migrations));
  stopOnSignals(runtime, () => removeServerFile(config.dataDir));

  await app.listen({ port: config.port, host: config.host });
  const localUrl = localUrlOf(app.server.address() as AddressInfo);
  writeServerFile(config.dataDir, localUrl);
  console.log(
    startupBanner(config.publicUrl, runtime.bootstrap, config.devToolsEnabled, {
      demoPayCommand: config.chain.demoChain ? demoPayCommand(localUrl, config.dataDir) : null,
    }),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
