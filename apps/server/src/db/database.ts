import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { DefaultQueryExecutor, Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { hearDroppedConnection } from './connection-errors';
import {
  type ConnectionWaitObserver,
  DatabaseUnavailableError,
  defaultWaitTimeoutMs,
  GuardedConnectionProvider,
} from './connection-provider';
import { ensurePrivateDirectory, lockDataDirectory, restrictToOwner } from './data-directory';
import { PreparingClient } from './prepared-statements';
import { ReplicaRouting, type ReplicaState } from './read-replica';
import type { Database } from './schema';
import { markEmbedded } from './session-lock';
import { createSocketFolder, removeStaleSocketFolders, socketFileName } from './socket-folders';

// NUMERIC and BIGINT stay strings (exact); int8 ids are small enough to read as strings too.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For reads that may lag a little behind the last write (admin lists, statistics, exports,
   * referral history and tree): the streaming replica while it is usable, else the primary. The
   * same handle as `db` without a replica. Single statements only, never a transaction.
   */
  readDb: Kysely<Database>;
  /** The replica's routing when `replicaUrl` was given. */
  replica: ReplicaRouting | null;
  pool: pg.Pool;
  /** 'postgres' for a server, 'pglite' for the embedded database. */
  kind: 'postgres' | 'pglite';
  /**
   * Work that must end before the database closes, run first by `close` in the order given: a
   * lead held on one of its sessions (the background jobs' lock) is given up while it can be.
   */
  closeFirst(task: () => Promise<void>): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `memory://` for a throw-away database. */
  pgliteDataDir: string;
  /**
   * A data directory dumped by PGlite (`dumpDataDir`) that a `memory://` database starts from
   * instead of running initdb: the tests' already migrated database, opened in a third of the time.
   */
  pgliteStartingData?: Blob;
  /** Connections to a PostgreSQL server. The embedded database always has exactly one. */
  poolSize?: number;
  /**
   * How long a statement or transaction waits for a free connection before it fails with
   * `DatabaseUnavailableError` (the API answers 503): requests queue under load, never hang.
   */
  waitTimeoutMs?: number;
  /** Told each wait for a connection (the metrics' `uplink_db_connection_wait_seconds`). */
  onConnectionWait?: ConnectionWaitObserver;
  /** A streaming replica of `databaseUrl` for `readDb` (PostgreSQL only). */
  replicaUrl?: string;
  /** A replica further behind than this is bypassed (default 5 s). */
  replicaMaxLagSeconds?: number;
  /** How often the replica is checked (default 1 s). */
  replicaCheckIntervalMs?: number;
  /** Told each replica check's outcome (the metrics' `uplink_replica_lag_seconds`). */
  onReplicaCheck?: (state: ReplicaState) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const waitTimeoutMs = options.waitTimeoutMs ?? defaultWaitTimeoutMs;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: waitTimeoutMs,
    });
    const handle = await wrap(pool, 'postgres', options.onConnectionWait, async () => {});
    return options.replicaUrl ? withReplica(handle, options.replicaUrl, options) : handle;
  }
  return openEmbedded(options.pgliteDataDir, waitTimeoutMs, options.onConnectionWait, options.pgliteStartingData);
}

/**
 * PGlite behind a unix socket that speaks the PostgreSQL wire protocol, so the rest of the
 * server uses node-postgres exactly as against a real server.
 *
 * PGlite is ONE backend session, and its socket server interleaves the protocol messages of
 * concurrent connections (electric-sql/pglite#1046): with several connections one statement
 * got another's rows, and prepared statements and transactions broke. So there is exactly one
 * connection, opened once and kept: every statement and transaction takes its turn on it.
 */
async function openEmbedded(
  dataDir: string,
  waitTimeoutMs: number,
  onConnectionWait: ConnectionWaitObserver | undefined,
  startingData: Blob | undefined,
): Promise<DatabaseHandle> {
  const onDisk = !dataDir.startsWith('memory://');
  await removeStaleSocketFolders();
  let releaseLock = () => {};
  if (onDisk) {
    ensurePrivateDirectory(dataDir);
    releaseLock = lockDataDirectory(dataDir);
  }
  try {
    const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: startingData });
    if (onDisk) restrictToOwner(dataDir);
    const socketFolder = createSocketFolder();
    const server = new PGLiteSocketServer({
      db: pglite,
      path: path.join(socketFolder, socketFileName),
      maxConnections: 1,
    });
    await server.start();
    const pool = new pg.Pool({
      Client: PreparingClient,
      host: socketFolder,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      // Reopening the one connection after idling would only cost time.
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: waitTimeoutMs,
    });
    return await wrap(pool, 'pglite', onConnectionWait, async () => {
      await server.stop();
      await pglite.close();
      rmSync(socketFolder, { recursive: true, force: true });
      if (onDisk) restrictToOwner(dataDir);
      releaseLock();
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function wrap(
  pool: pg.Pool,
  kind: DatabaseHandle['kind'],
  onConnectionWait: ConnectionWaitObserver | undefined,
  closeBackend: () => Promise<void>,
): Promise<DatabaseHandle> {
  // An idle pooled connection that the server drops (restart, failover, terminated backend) must
  // not crash the process: the pool discards it and the next query opens a new one.
  pool.on('error', (error) => {
    console.warn(`database: idle connection lost (${error.message})`);
  });
  const { db, provider } = await guardedKysely(unavailableWithoutConnection(pool), onConnectionWait);
  if (kind === 'pglite') markEmbedded(db);
  const firstTasks: (() => Promise<void>)[] = [];
  return {
    db,
    readDb: db,
    replica: null,
    pool,
    kind,
    closeFirst(task) {
      firstTasks.push(task);
    },
    async close() {
      for (const task of firstTasks.splice(0)) await task();
      provider.close();
      await db.destroy();
      await closeBackend();
    },
  };
}

/**
 * Kysely over the pool, assembled by hand only to put `GuardedConnectionProvider` where Kysely's
 * default provider would be (its constructor has no option for it). Same parts otherwise.
 */
async function guardedKysely(pool: PostgresPool, onConnectionWait: ConnectionWaitObserver | undefined) {
  const dialect = new PostgresDialect({ pool });
  const driver = dialect.createDriver();
  await driver.init();
  const provider = new GuardedConnectionProvider(driver, onConnectionWait);
  const executor = new DefaultQueryExecutor(dialect.createQueryCompiler(), dialect.createAdapter(), provider, []);
  return { db: new Kysely<Database>({ config: { dialect }, dialect, driver, executor }), provider };
}

/**
 * Adds `readDb` over a pool of the replica: a replica that cannot be reached at start is not an
 * error (reads go to the primary until a check finds it).
 */
async function withReplica(handle: DatabaseHandle, replicaUrl: string, options: DatabaseOptions) {
  const waitTimeoutMs = options.waitTimeoutMs ?? defaultWaitTimeoutMs;
  const replicaPool = new pg.Pool({
    Client: PreparingClient,
    connectionString: replicaUrl,
    max: options.poolSize ?? 10,
    // A replica that does not answer is bypassed, not waited for as long as the primary would be.
    connectionTimeoutMillis: Math.min(waitTimeoutMs, 2_000),
  });
  replicaPool.on('error', (error) => {
    console.warn(`database replica: idle connection lost (${error.message})`);
  });
  const replica = new ReplicaRouting(handle.pool, replicaPool, {
    maxLagSeconds: options.replicaMaxLagSeconds ?? 5,
    checkIntervalMs: options.replicaCheckIntervalMs ?? 1_000,
    onCheck: options.onReplicaCheck,
  });
  await replica.start();
  const read = await guardedKysely(unavailableWithoutConnection(replica.pool), options.onConnectionWait);
  return {
    ...handle,
    readDb: read.db,
    replica,
    async close() {
      replica.stop();
      read.provider.close();
      await read.db.destroy();
      await replicaPool.end();
      await handle.close();
    },
  };
}

/**
 * The pool as Kysely sees it: a connection not had within the wait timeout, or not at all, is
 * `DatabaseUnavailableError`; a connection dropped mid-statement is heard (`hearDroppedConnection`).
 */
function unavailableWithoutConnection(pool: Pick<PostgresPool, 'connect' | 'end'>): PostgresPool {
  return {
    connect: async () => {
      const connection = await pool.connect().catch((error: unknown) => {
        throw new DatabaseUnavailableError(error);
      });
      // The replica's router hands out wrappers of its own and hears their connections itself.
      if (pool instanceof pg.Pool) hearDroppedConnection(connection as unknown as pg.PoolClient);
      return connection;
    },
    end: () => pool.end(),
  };
}
