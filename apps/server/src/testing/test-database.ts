import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../db/database';
import { migrateToLatest, migrateUpTo } from '../db/migrator';
import { hangDeadlineMs } from './hang-deadline';

/**
 * Where a test file's migrated database starts, made once per test run by `prepareMigratedStart`
 * (the run's global setup) and read by every worker from its environment: a PGlite data directory
 * dumped to a file, or a template database on the PostgreSQL server of `TEST_DATABASE_URL`.
 */
const startingDataFileVariable = 'UPLINK_TEST_PGLITE_STARTING_DATA';
const templateDatabaseVariable = 'UPLINK_TEST_TEMPLATE_DATABASE';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server of `TEST_DATABASE_URL` (dropped again on close). A statement
 * waits for a connection up to the hang deadline unless told otherwise: the tests of many
 * requests at once need every one of them to queue, never to be refused as busy.
 *
 * Under the test run it starts as a copy of the run's migrated database (see `prepareMigratedStart`)
 * instead of running initdb and every migration again; elsewhere, and when told to migrate only
 * part of the way, it migrates itself.
 */
export async function createTestDatabase(
  options: Pick<DatabaseOptions, 'waitTimeoutMs' | 'onConnectionWait'> & {
    /** Migrate only up to this migration (a migration's own test then runs the rest). */
    migrateUpToName?: string;
  } = {},
): Promise<DatabaseHandle> {
  const { migrateUpToName, onConnectionWait } = options;
  const waitTimeoutMs = options.waitTimeoutMs ?? hangDeadlineMs;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const startingDataFile = migrateUpToName ? undefined : process.env[startingDataFileVariable];
    const handle = await openDatabase({
      pgliteDataDir: 'memory://',
      pgliteStartingData: startingDataFile ? new Blob([readFileSync(startingDataFile)]) : undefined,
      waitTimeoutMs,
      onConnectionWait,
    });
    if (!startingDataFile) await migrate(handle, migrateUpToName);
    return handle;
  }
  const name = `uplink_test_${randomBytes(6).toString('hex')}`;
  const template = migrateUpToName ? undefined : process.env[templateDatabaseVariable];
  await withAdminClient(serverUrl, (client) =>
    client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
  );
  const handle = await openDatabase({
    databaseUrl: databaseUrlOn(serverUrl, name),
    pgliteDataDir: 'memory://',
    waitTimeoutMs,
    onConnectionWait,
  });
  if (!template) await migrate(handle, migrateUpToName);
  return {
    ...handle,
    async close() {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * Migrates one database for the whole test run and tells the workers to start theirs from it:
 * on PGlite a dump of its data directory, on PostgreSQL a template database. Answers the teardown
 * that removes it again.
 */
export async function prepareMigratedStart(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `uplink_template_${randomBytes(6).toString('hex')}`;
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const handle = await openDatabase({ databaseUrl: databaseUrlOn(serverUrl, name), pgliteDataDir: 'memory://' });
    await migrate(handle);
    await handle.close();
    process.env[templateDatabaseVariable] = name;
    return () => dropDatabase(serverUrl, name);
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'uplink-test-start-'));
  const dataDir = path.join(folder, 'pglite');
  const handle = await openDatabase({ pgliteDataDir: dataDir });
  await migrate(handle);
  await handle.close();
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const startingDataFile = path.join(folder, 'migrated.tar');
  writeFileSync(startingDataFile, Buffer.from(await dump.arrayBuffer()));
  process.env[startingDataFileVariable] = startingDataFile;
  return async () => rmSync(folder, { recursive: true, force: true });
}

async function migrate(handle: DatabaseHandle, upToName?: string) {
  await (upToName ? migrateUpTo(handle.db, upToName) : migrateToLatest(handle.db));
}

async function dropDatabase(serverUrl: string, name: string) {
  await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** The URL of the database `name` on the PostgreSQL server of `serverUrl`. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement or a few on the PostgreSQL server of `url`, on a connection of their own (CREATE/DROP DATABASE). */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
