/**
 * `npm run ledger:check`: proves that every member has a ledger account, that each account (its
 * totals and carry) equals the sum of its entries, that each member's exact rewards equal their
 * credits plus carry, and that every available balance is whole cents. Exits 1 and lists the
 * members without an account and the accounts that differ.
 * Reads DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: the embedded
 * database belongs to one process).
 */
import path from 'node:path';
import { loadConfig } from '../src/config/load-config';
import { openDatabase } from '../src/db/database';
import { findLedgerDiscrepancies } from '../src/modules/ledger/ledger-repository';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDataDir: path.join(config.dataDir, 'pglite'),
});
try {
  const { accounts, entries } = await database.db
    .selectFrom('ledger_accounts')
    .select((eb) => [
      eb.fn.countAll<string>().as('accounts'),
      eb.selectFrom('ledger_entries').select(eb.fn.countAll<string>().as('n')).as('entries'),
    ])
    .executeTakeFirstOrThrow();
  const discrepancies = await findLedgerDiscrepancies(database.db);
  if (discrepancies.length === 0) {
    console.log(
      `Ledger sound: every member has one of the ${accounts} accounts, each equal to the sum of its ${entries} entries, every member's exact rewards equal to their credits plus carry, every available balance whole cents.`,
    );
  } else {
    const missing = discrepancies.filter((found) => found.column === 'ledger_account').length;
    console.error(
      `Ledger BROKEN: ${missing} members without a ledger account, ${discrepancies.length - missing} account totals, carries, exact sums or balances that are wrong (at most 100 listed):`,
    );
    console.table(discrepancies);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
