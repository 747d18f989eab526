import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { hangDeadlineMs } from './hang-deadline';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server of `TEST_DATABASE_URL` (dropped again on close). A statement
 * waits for a connection up to the hang deadline unless told otherwise: the tests of many
 * requests at once need every one of them to queue, never to be refused as busy.
 */
export async function createTestDatabase(
  options: Pick<DatabaseOptions, 'waitTimeoutMs' | 'onConnectionWait'> & {
    /** How far to migrate; every migration by default. */
    migrate?: (db: DatabaseHandle['db']) => Promise<unknown>;
  } = {},
): Promise<DatabaseHandle> {
  const migrate = options.migrate ?? migrateToLatest;
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
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
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

/** One statement or a few on the PostgreSQL server of `url`, on a connection of their own (CREATE/DROP DATABASE). */
export async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
