/**
 * `npm run ledger:check`: proves that every member has a ledger account, that each account (its
 * totals and carry) equals the sum of its entries, that each member's exact rewards equal their
 * credits plus carry, and that every available balance is whole cents. Exits 1 and lists the
 * members without an account and the accounts that differ. A reward cycle being distributed, or
 * left half-way by a process that died, is reported as such (its rewards count once booked).
 * Reads DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: the embedded
 * database belongs to one process), and nothing else.
 */
import { loadDatabaseSettings } from '../src/config/database-settings';
import { openOperatorDatabase } from '../src/db/operator-database';
import { isSessionLockHeld } from '../src/db/session-lock';
import { findLedgerDiscrepancies } from '../src/modules/ledger/ledger-repository';
import { cycleLeaseName } from '../src/modules/rewards/reward-cycle-lease';
import { findCyclesInProgress } from '../src/modules/rewards/reward-cycle-progress-repository';
import { commandLine, runOperatorCommand } from '../src/operator-command';

await runOperatorCommand({
  name: 'ledger:check',
  usage: 'npm run ledger:check',
  summary:
    "Checks every ledger account against the sum of its entries, each member's exact rewards against their credits plus carry, and the totals over all accounts; exits 1 and lists what differs. A reward cycle under way is reported, not counted as a discrepancy.",
  settings: [
    'DATABASE_URL (PostgreSQL), or DATA_DIR for the embedded database (stop its server first)',
    'DATABASE_WAIT_TIMEOUT_MS (how long to wait for the database, default 15000)',
    'nothing else',
  ],
  async run() {
    const database = await openOperatorDatabase(loadDatabaseSettings());
    try {
      const { accounts, entries } = await database.db
        .selectFrom('ledger_accounts')
        .select((eb) => [
          eb.fn.countAll<string>().as('accounts'),
          eb.selectFrom('ledger_entries').select(eb.fn.countAll<string>().as('n')).as('entries'),
        ])
        .executeTakeFirstOrThrow();
      const discrepancies = await findLedgerDiscrepancies(database.db);
      const running = await isSessionLockHeld(database.db, cycleLeaseName);
      for (const progress of await findCyclesInProgress(database.db)) {
        const state = running
          ? 'is being distributed right now'
          : 'was left half-way by a process that stopped: the server finishes it at its next start, or run `npm run rewards:cycle -- --cycle ' +
            `${progress.cycle}\``;
        console.log(
          commandLine(
            'ledger:check',
            'warn',
            `Reward cycle ${progress.cycle} ${state} (begun ${progress.started_at.toISOString()}, ${progress.rewards_written} rewards written so far); its rewards count below once their credits are booked.`,
          ),
        );
      }
      if (discrepancies.length === 0) {
        console.log(
          commandLine(
            'ledger:check',
            'info',
            `Ledger sound: every member has one of the ${accounts} accounts, each equal to the sum of its ${entries} entries, every member's exact rewards equal to their credits plus carry, every available balance whole cents.`,
          ),
        );
        return 0;
      }
      const missing = discrepancies.filter((found) => found.column === 'ledger_account').length;
      console.error(
        commandLine(
          'ledger:check',
          'error',
          `Ledger BROKEN: ${missing} members without a ledger account, ${discrepancies.length - missing} account totals, carries, exact sums or balances that are wrong (at most 100 listed)`,
        ),
      );
      console.table(discrepancies);
      return 1;
    } finally {
      await database.close();
    }
  },
});
