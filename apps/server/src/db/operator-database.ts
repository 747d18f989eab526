import path from 'node:path';
import type { DatabaseSettings } from '../config/database-settings';
import { type DatabaseHandle, openDatabase } from './database';
import { databaseLabel, waitForDatabase } from './database-wait';
import { refuseOlderSchema } from './migrator';

/**
 * The database of an operator command: waited for up to DATABASE_WAIT_TIMEOUT_MS, and — unless
 * the command is the one that migrates — refused when its schema is older than this release
 * ("run `npm run db:migrate` first"), before any statement could fail on a missing table.
 */
export async function openOperatorDatabase(
  settings: DatabaseSettings,
  schema: 'current' | 'any' = 'current',
): Promise<DatabaseHandle> {
  const database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    pgliteDataDir: path.join(settings.dataDir, 'pglite'),
    waitTimeoutMs: settings.waitTimeoutMs,
    poolSize: 2,
  });
  try {
    await waitForDatabase(database.db, settings.waitTimeoutMs, databaseLabel(settings.databaseUrl, settings.dataDir));
    if (schema === 'current') await refuseOlderSchema(database.db);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
