import { type Kysely, sql } from 'kysely';

/**
 * What a cycle run took as each copier's `masterAmount`: an uploaded statement (the master
 * account's profit-sharing report) or the exchange's copy-trading commission
 * (`extCopyCommissionVolume`, DESIGN.md section 5). Runs recorded before this column have no basis
 * (NULL): the append-only table is not rewritten, and what they read is not known for sure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE reward_cycle_runs ADD COLUMN basis text
      CHECK (basis IN ('UPLOADED_STATEMENT', 'EXCHANGE_COPY_TRADING_COMMISSION'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reward_cycle_runs DROP COLUMN basis`.execute(db);
}
