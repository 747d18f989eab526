import { systemClock } from '../../clock';
import { loadConfig } from '../../config/load-config';
import { openDatabase } from '../../db/database';
import { runRewardCycle } from './run-reward-cycle';
import { readStatementFile } from './statement-file';

/**
 * The process killed-cycle-resumes.test.ts kills: distributes CYCLE of DATABASE_URL from the
 * statement at STATEMENT_FILE in chunks of ten, so that it is still booking when the SIGKILL comes.
 */
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: '/tmp/uplink-test-data',
  DATABASE_URL: process.env.DATABASE_URL,
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: 'memory://' });
const statement = await readStatementFile(process.env.STATEMENT_FILE as string);
await runRewardCycle(
  { db: database.db, clock: systemClock, config, integrations: { exchangeGateway: null as never, depositChain: null } },
  {
    cycle: Number(process.env.CYCLE),
    statement: {
      source: 'UPLOAD',
      lines: statement.entries.map((entry) => ({ uid: entry.bingXUID, masterAmount: entry.masterAmount })),
    },
    startedBy: null,
    chunks: { copiers: 10, beneficiaries: 10 },
  },
);
await database.close();
console.log('distributed');
