import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../db/database';
import { migrateToLatest, migrateUpTo } from '../db/migrator';
import { hangDeadlineMs } from './hang-deadline';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server of `TEST_DATABASE_URL` (dropped again on close). A statement
 * waits for a connection up to the hang deadline unless told otherwise: the tests of many
 * requests at once need every one of them to queue, never to be refused as busy.
 */
export async function createTestDatabase(
  options: Pick<DatabaseOptions, 'waitTimeoutMs' | 'onConnectionWait'> & {
    /** Migrate only up to this migration (a migration's own test then runs the rest). */
    migrateUpToName?: string;
  } = {},
): Promise<DatabaseHandle> {
  const migrate = (db: DatabaseHandle['db']) =>
    options.migrateUpToName ? migrateUpTo(db, options.migrateUpToName) : migrateToLatest(db);
  const waitTimeoutMs = options.waitTimeoutMs ?? hangDeadlineMs;
  const { onConnectionWait } = options;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ pgliteDataDir: 'memory://', waitTimeoutMs, onConnectionWait });
    await migrate(handle.db);
    return handle;
  }
  const name = `uplink_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const handle = await openDatabase({
    databaseUrl: databaseUrlOn(serverUrl, name),
    pgliteDataDir: 'memory://',
    waitTimeoutMs,
    onConnectionWait,
  });
  await migrate(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
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
