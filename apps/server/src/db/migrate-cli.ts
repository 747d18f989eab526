import path from 'node:path';
import { loadConfig } from '../config/load-config';
import { openDatabase } from './database';
import { migrateToLatest, migrationsLogLine } from './migrator';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDataDir: path.join(config.dataDir, 'pglite'),
});
try {
  console.log(migrationsLogLine(await migrateToLatest(database.db)));
} finally {
  await database.close();
}
