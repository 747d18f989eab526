import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { systemClock } from '../../clock';
import { loadConfig } from '../../config/load-config';
import { openDatabase } from '../../db/database';
import { runRewardCycle } from './run-reward-cycle';
import { readStatementFile } from './statement-file';

/**
 * The process killed-cycle-resumes.test.ts kills: distributes CYCLE of DATABASE_URL, or of the
 * embedded database in DATA_DIR, from the statement at STATEMENT_FILE in chunks of ten copiers and
 * books the ledger one beneficiary at a time, so that it is still booking when the SIGKILL comes
 * (0.8 to 1.1 s here, where chunks of ten left the kill under 0.2 s). It prints `booking` once the
 * first ledger chunk is booked: the test's moment to kill it, told by the run's own process (the
 * embedded database belongs to this process alone; no other may look into it).
 */
const dataDir = process.env.DATA_DIR ?? '/tmp/uplink-test-data';
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL });
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: path.join(dataDir, 'pglite') });
const statement = await readStatementFile(process.env.STATEMENT_FILE as string);
const cycle = Number(process.env.CYCLE);

let running = true;
// Asked between the run's chunks (on the embedded database each statement waits for its one connection).
const untilBooking = (async () => {
  while (running) {
    const { rows } = await sql<{ booked: number }>`
      SELECT count(*)::int AS booked FROM ledger_entries WHERE reason_type = 'REWARD_CYCLE' AND reason_id = ${String(cycle)}`.execute(
      database.db,
    );
    if ((rows[0]?.booked ?? 0) > 0) {
      // A pipe's write is synchronous on Linux: the line is out before the next chunk starts.
      process.stdout.write('booking\n');
      return;
    }
    await sleep(10);
  }
})();

await runRewardCycle(
  { db: database.db, clock: systemClock, config, integrations: { exchangeGateway: null as never, depositChain: null } },
  {
    cycle,
    statement: {
      source: 'UPLOAD',
      lines: statement.entries.map((entry) => ({ uid: entry.bingXUID, masterAmount: entry.masterAmount })),
    },
    startedBy: null,
    chunks: { copiers: 10, beneficiaries: 1 },
  },
);
running = false;
await untilBooking;
await database.close();
console.log('distributed');
