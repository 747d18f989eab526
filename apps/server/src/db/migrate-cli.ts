import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrator';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDataDir: path.join(config.dataDir, 'pglite'),
});
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
} finally {
  await database.close();
}
