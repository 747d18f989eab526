import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { runBootstrap } from './bootstrap/bootstrap';
import type { BootstrapResult } from './bootstrap/startup-banner';
import { checkChainIdentity } from './chain/chain-identity';
import { type DemoChain, startDemoChain } from './chain/demo-chain';
import type { Config } from './config/load-config';
import { startWarnings } from './config/start-checks';
import { ensurePrivateDirectory } from './db/data-directory';
import { type DatabaseHandle, openDatabase } from './db/database';
import { databaseLabel, waitForDatabase } from './db/database-wait';
import { migrateToLatest } from './db/migrator';
import { startJobLock } from './jobs/job-lock';
import { recordConnectionWait, recordReplicaCheck, watchConnectionPool } from './modules/metrics/database-metrics';

export interface ServingRuntime {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Stops accepting requests, finishes in-flight ones, stops background jobs, closes the database. */
  stop(): Promise<void>;
}

/** What a start did to the database before serving: for its log and its banner. */
export interface PreparedDatabase {
  /** The migrations this start applied, by name (none when the schema was up to date). */
  migrations: string[];
  /** The root administrator (and demo network) ensured at this start, for the startup banner. */
  bootstrap: BootstrapResult;
}

export interface ServerRuntime extends ServingRuntime, PreparedDatabase {}

/** Opens the database, applies migrations and builds the app: everything `main` and tests share. */
export async function startRuntime(configured: Config, logger?: boolean | object): Promise<ServerRuntime> {
  // The database first: a second server on the same DATA_DIR is refused before it starts a demo
  // chain and overwrites the running server's demo-chain.json.
  const database = await openServerDatabase(configured);
  const demoChain = configured.chain.demoChain ? await startLocalChain(configured) : null;
  const config = demoChain ? withDemoChain(configured, demoChain) : configured;
  const prepared = await prepareDatabase(database, config);
  const leadLog = leadLogger();
  const jobLock = startJobLock(database, leadLog.told);
  const app = await buildApp({ config, db: database.db, readDb: database.readDb, logger, jobLock });
  leadLog.to(app);
  return {
    app,
    database,
    ...prepared,
    async stop() {
      await app.close();
      await database.close();
      await demoChain?.stop();
    },
  };
}

/**
 * A cluster's primary, before it forks its workers: the migrations and the bootstrap run once,
 * then the primary closes its connections again (it serves nothing).
 */
export async function prepareClusterDatabase(config: Config): Promise<PreparedDatabase> {
  const database = await openServerDatabase(config);
  try {
    return await prepareDatabase(database, config);
  } finally {
    await database.close();
  }
}

/**
 * A cluster worker on the database its primary has prepared. The background jobs run in the one
 * worker the primary gave that role, and there only while it leads them across hosts (`leaderJobLock`).
 */
export async function startWorkerRuntime(config: Config, runsJobs: boolean): Promise<ServingRuntime> {
  const database = await openServerDatabase(config);
  const leadLog = leadLogger();
  const app = await buildApp({
    config,
    db: database.db,
    readDb: database.readDb,
    jobLock: runsJobs ? startJobLock(database, leadLog.told) : undefined,
  });
  leadLog.to(app);
  return {
    app,
    database,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * What a start checks outside itself before it opens anything (the single process, or the
 * cluster's primary once): the chain node serves BSC_CHAIN_ID's chain (refused otherwise).
 * Resolves the warnings to log at every start: production on the embedded database, a chain node
 * that could not be asked.
 */
export async function checksBeforeStart(config: Config): Promise<string[]> {
  const warnings = startWarnings(config);
  if (config.chain.rpcUrl && !config.chain.demoChain) {
    const chainWarning = await checkChainIdentity(config.chain.rpcUrl, config.chain.chainId);
    if (chainWarning) warnings.push(chainWarning);
  }
  return warnings;
}

/** The database, waited for up to DATABASE_WAIT_TIMEOUT_MS (a start beside a database still starting). */
async function openServerDatabase(config: Config): Promise<DatabaseHandle> {
  ensurePrivateDirectory(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: path.join(config.dataDir, 'pglite'),
    waitTimeoutMs: config.databaseWaitTimeoutMs,
    onConnectionWait: recordConnectionWait,
    replicaUrl: config.replica.url,
    replicaMaxLagSeconds: config.replica.maxLagSeconds,
    replicaCheckIntervalMs: config.replica.checkIntervalMs,
    onReplicaCheck: recordReplicaCheck,
  });
  try {
    await waitForDatabase(database.db, config.databaseWaitTimeoutMs, databaseLabel(config.databaseUrl, config.dataDir));
  } catch (error) {
    await database.close();
    throw error;
  }
  watchConnectionPool(database.pool);
  return database;
}

/**
 * Logs when this process takes or loses the lead of the background jobs (on PostgreSQL, one
 * process of the whole deployment leads). The lock starts before the app, and so its log, exists.
 */
function leadLogger() {
  let log: FastifyInstance['log'] | undefined;
  const early: [boolean, string][] = [];
  const say = (leading: boolean, reason: string) =>
    log ? log.info({ leadsJobs: leading }, `background jobs: ${reason}`) : early.push([leading, reason]);
  return {
    told: say,
    to(app: FastifyInstance) {
      log = app.log;
      for (const [leading, reason] of early.splice(0)) say(leading, reason);
    },
  };
}

/** The migrations, then the root administrator and the demo data: once per start, before any request. */
async function prepareDatabase(database: DatabaseHandle, config: Config): Promise<PreparedDatabase> {
  const migrations = await migrateToLatest(database.db);
  return { migrations, bootstrap: await runBootstrap(database.db, config) };
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
      demoBatchTransferAddress: chain.batchTransferAddress,
      depositScanStartBlock: 0,
    },
    safe: {
      ...config.safe,
      txServiceUrl: config.safe.txServiceUrl ?? chain.safeTxServiceUrl,
      contracts: chain.safeContracts,
    },
  };
}
