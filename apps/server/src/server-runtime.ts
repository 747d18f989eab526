import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { runBootstrap } from './bootstrap/bootstrap';
import type { BootstrapResult } from './bootstrap/startup-banner';
import { type DemoChain, startDemoChain } from './chain/demo-chain';
import type { Config } from './config';
import { ensurePrivateDirectory } from './db/data-directory';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';

export interface ServerRuntime {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The root administrator (and demo network) ensured at this start, for the startup banner. */
  bootstrap: BootstrapResult;
  /** Stops accepting requests, finishes in-flight ones, stops background jobs, closes the database. */
  stop(): Promise<void>;
}

/** Opens the database, applies migrations and builds the app: everything `main` and tests share. */
export async function startRuntime(configured: Config, logger?: boolean | object): Promise<ServerRuntime> {
  ensurePrivateDirectory(configured.dataDir);
  // The database first: a second server on the same DATA_DIR is refused before it starts a demo
  // chain and overwrites the running server's demo-chain.json.
  const database = await openDatabase({
    databaseUrl: configured.databaseUrl,
    pgliteDataDir: path.join(configured.dataDir, 'pglite'),
    waitTimeoutMs: configured.databaseWaitTimeoutMs,
  });
  const demoChain = configured.chain.demoChain ? await startLocalChain(configured) : null;
  const config = demoChain ? withDemoChain(configured, demoChain) : configured;
  await migrateToLatest(database.db);
  const bootstrap = await runBootstrap(database.db, config);
  const app = await buildApp({ config, db: database.db, logger, jobLock: database.jobLock });
  return {
    app,
    database,
    bootstrap,
    async stop() {
      await app.close();
      await database.close();
      await demoChain?.stop();
    },
  };
}

/** Local mode: the in-process dev chain with its test USDT token (see README, "Demo: onboarding"). */
function startLocalChain(config: Config): Promise<DemoChain> {
  return startDemoChain({ dataDir: config.dataDir, port: config.chain.demoChainPort });
}

function withDemoChain(config: Config, chain: DemoChain): Config {
  return {
    ...config,
    chain: {
      ...config.chain,
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      usdtContractAddress: chain.tokenAddress,
      depositScanStartBlock: 0,
    },
  };
}
