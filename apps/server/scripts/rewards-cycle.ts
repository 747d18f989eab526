/**
 * `npm run rewards:cycle -- --cycle N [--file statement.csv]`: distributes a finished reward
 * cycle from a CSV statement (`bingXUID,masterAmount` per line, a header line allowed) or, without
 * --file, from the exchange — the same use case as POST /api/rewards/admin/cycles. Prints the run
 * record; a cycle already distributed writes nothing and says so.
 * Reads DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: the embedded
 * database belongs to one process).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rewardCycleRunRequestSchema } from '@uplink/contract/rewards';
import { systemClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { createExchangeGateway } from '../src/modules/exchange/exchange-gateway-factory';
import { runRewardCycle } from '../src/modules/rewards/run-reward-cycle';

const { values } = parseArgs({ options: { cycle: { type: 'string' }, file: { type: 'string' } } });

/** Lines of `uid,amount`; a first line that is not one (a header) is skipped. */
function parseStatementCsv(text: string): { bingXUID: string; masterAmount: string }[] {
  const rows = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')));
  if (rows[0] && !/^\d/.test(rows[0][0] ?? '')) rows.shift();
  return rows.map(([bingXUID = '', masterAmount = '']) => ({ bingXUID, masterAmount }));
}

// The request takes a JSON integer: the command line's text becomes one only when it is decimal digits.
const cycle = /^\d{1,7}$/.test(values.cycle ?? '') ? Number(values.cycle) : values.cycle;
const request = rewardCycleRunRequestSchema.safeParse(
  values.file
    ? { cycle, entries: parseStatementCsv(readFileSync(values.file, 'utf8')) }
    : { cycle, source: 'exchange' },
);
if (!request.success) {
  console.error('Usage: npm run rewards:cycle -- --cycle N [--file statement.csv]');
  for (const issue of request.error.issues.slice(0, 20)) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDataDir: path.join(config.dataDir, 'pglite'),
});
try {
  const body = request.data;
  const run = await runRewardCycle(
    {
      db: database.db,
      clock: systemClock,
      config,
      integrations: { exchangeGateway: createExchangeGateway(config), depositChain: null },
    },
    {
      cycle: body.cycle,
      statement:
        'entries' in body
          ? {
              source: 'UPLOAD',
              lines: body.entries.map((entry) => ({ uid: entry.bingXUID, masterAmount: entry.masterAmount })),
            }
          : { source: 'EXCHANGE' },
      startedBy: null,
    },
  );
  console.log(
    run.outcome === 'DISTRIBUTED'
      ? `Cycle ${run.cycle} distributed: ${run.rewardsWritten} rewards, ${run.totalPaid} USDT credited, ${run.totalLocked} USDT locked.`
      : `Cycle ${run.cycle} was already distributed; nothing was written.`,
  );
  console.log(JSON.stringify(run, null, 2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
