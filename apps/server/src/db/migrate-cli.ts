/** `npm run db:migrate`: the pending migrations alone, named as they are applied (a deploy step before a new release starts). */
import { loadDatabaseSettings } from '../config/database-settings';
import { runOperatorCommand } from '../operator-command';
import { migrateToLatest, migrationsLogLine } from './migrator';
import { openOperatorDatabase } from './operator-database';

await runOperatorCommand({
  name: 'db:migrate',
  usage: 'npm run db:migrate',
  summary:
    'Applies the migrations this release has and the database has not run, in one transaction each, and names them (or says none was needed). The server applies them at start as well; run this as a deploy step before the new release starts.',
  settings: [
    'DATABASE_URL (PostgreSQL), or DATA_DIR for the embedded database (stop its server first)',
    'DATABASE_WAIT_TIMEOUT_MS (how long to wait for the database, default 15000)',
    'nothing else',
  ],
  async run() {
    const database = await openOperatorDatabase(loadDatabaseSettings(), 'any');
    try {
      console.log(migrationsLogLine(await migrateToLatest(database.db)));
    } finally {
      await database.close();
    }
    return 0;
  },
});
