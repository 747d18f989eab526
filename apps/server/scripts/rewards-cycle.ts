/**
 * `npm run rewards:cycle -- --cycle N [--file statement.csv]`: distributes a finished reward
 * cycle from a CSV statement (`bingXUID,masterAmount` per line, a header line allowed) or, without
 * --file, from the exchange — the same use case as POST /api/rewards/admin/cycles. Prints the run
 * record; a cycle already distributed writes nothing and says so.
 * Reads DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: the embedded
 * database belongs to one process).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rewardCycleRunRequestSchema } from '@uplink/contract/reward-runs';
import { describeStatementProblem } from '@uplink/contract/statement-csv';
import { systemClock } from '../src/clock';
import { loadConfig } from '../src/config/load-config';
import { openDatabase } from '../src/db/database';
import { createExchangeGateway } from '../src/modules/exchange/exchange-gateway-factory';
import { runRewardCycle } from '../src/modules/rewards/run-reward-cycle';
import { readStatementFile } from '../src/modules/rewards/statement-file';

const { values } = parseArgs({ options: { cycle: { type: 'string' }, file: { type: 'string' } } });

/** The statement's entries, read as the web upload reads them; a file with any refused line runs nothing. */
async function statementEntries(file: string) {
  const statement = await readStatementFile(file);
  if (statement.problemCount === 0) return statement.entries;
  console.error(`${file}: ${statement.problemCount} line(s) refused, nothing was run:`);
  for (const problem of statement.problems) console.error(`  ${describeStatementProblem(problem)}`);
  if (statement.problemCount > statement.problems.length) {
    console.error(`  … and ${statement.problemCount - statement.problems.length} more`);
  }
  process.exit(2);
}

// The request takes a JSON integer: the command line's text becomes one only when it is decimal digits.
const cycle = /^\d{1,7}$/.test(values.cycle ?? '') ? Number(values.cycle) : values.cycle;
const request = rewardCycleRunRequestSchema.safeParse(
  values.file ? { cycle, entries: await statementEntries(values.file) } : { cycle, source: 'exchange' },
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
