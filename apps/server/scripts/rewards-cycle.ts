/**
 * `npm run rewards:cycle -- --cycle N [--file statement.csv]`: distributes a finished reward
 * cycle from a CSV statement (`bingXUID,masterAmount` per line, a header line allowed) or, without
 * --file, from the exchange — the same use case as POST /api/rewards/admin/cycles. Prints the run
 * record; a cycle already distributed writes nothing and says so; a run a killed process left
 * half-way is finished (its statement was stored, so --file is not read again).
 * Reads the database's settings, the reward calendar's and, from the exchange, BingX's: nothing else.
 */
import { rewardCycleRunRequestSchema } from '@uplink/contract/reward-runs';
import { describeStatementProblem } from '@uplink/contract/statement-csv';
import { systemClock } from '../src/clock';
import { databaseVariables, loadDatabaseSettings, readCommandSettings } from '../src/config/database-settings';
import { exchangeConfig } from '../src/config/exchange-config';
import { rewardsConfig } from '../src/config/rewards-config';
import { openOperatorDatabase } from '../src/db/operator-database';
import { createExchangeGateway } from '../src/modules/exchange/exchange-gateway-factory';
import { runRewardCycle } from '../src/modules/rewards/run-reward-cycle';
import { readStatementFile } from '../src/modules/rewards/statement-file';
import { runOperatorCommand, UsageError } from '../src/operator-command';

const calendarVariables = ['REWARD_CYCLE_DAYS', 'REWARD_CYCLE_EPOCH', 'MIN_EXCHANGE_BALANCE', 'MIN_EXCHANGE_DEPOSIT'];
const exchangeVariables = ['BINGX_API_KEY', 'BINGX_API_SECRET', 'BINGX_BASE_URL'];

/** The statement's entries, read as the web upload reads them; a file with any refused line runs nothing. */
async function statementEntries(file: string) {
  const statement = await readStatementFile(file);
  if (statement.problemCount === 0) return statement.entries;
  const shown = statement.problems.map(describeStatementProblem).join('; ');
  const more =
    statement.problemCount > statement.problems.length
      ? ` … and ${statement.problemCount - statement.problems.length} more`
      : '';
  throw new UsageError(`${file}: ${statement.problemCount} line(s) refused, nothing was run: ${shown}${more}`);
}

await runOperatorCommand({
  name: 'rewards:cycle',
  usage: 'npm run rewards:cycle -- --cycle N [--file statement.csv]',
  summary:
    'Distributes finished reward cycle N once, from a CSV statement (bingXUID,masterAmount per line) or, without --file, from the exchange; finishes a run a stopped process left half-way. With the embedded database, stop the server first.',
  settings: [
    'DATABASE_URL (PostgreSQL), or DATA_DIR for the embedded database',
    'DATABASE_WAIT_TIMEOUT_MS',
    'REWARD_CYCLE_DAYS, REWARD_CYCLE_EPOCH (the calendar) and MIN_EXCHANGE_BALANCE (or its old name MIN_EXCHANGE_DEPOSIT)',
    'without --file: BINGX_API_KEY, BINGX_API_SECRET (required in production) and BINGX_BASE_URL',
  ],
  options: { cycle: { type: 'string' }, file: { type: 'string' } },
  async run({ values }) {
    const file = typeof values.file === 'string' ? values.file : undefined;
    // The request takes a JSON integer: the command line's text becomes one only when it is decimal digits.
    const cycle = /^\d{1,7}$/.test(String(values.cycle ?? '')) ? Number(values.cycle) : values.cycle;
    const request = rewardCycleRunRequestSchema.safeParse(
      file ? { cycle, entries: await statementEntries(file) } : { cycle, source: 'exchange' },
    );
    if (!request.success) {
      throw new UsageError(
        request.error.issues
          .slice(0, 20)
          .map((issue) => `${issue.path.join('.') || 'cycle'}: ${issue.message}`)
          .join('; '),
      );
    }
    const { vars, production } = readCommandSettings(process.env, [
      ...databaseVariables,
      ...calendarVariables,
      ...(file ? [] : exchangeVariables),
    ]);
    const config = { production, rewards: rewardsConfig(vars), exchange: exchangeConfig(vars) };
    const exchangeGateway = createExchangeGateway(config);
    const database = await openOperatorDatabase(loadDatabaseSettings());
    try {
      const body = request.data;
      const run = await runRewardCycle(
        { db: database.db, clock: systemClock, config, integrations: { exchangeGateway, depositChain: null } },
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
      return 0;
    } finally {
      await database.close();
    }
  },
});
