import { type Kysely, sql } from 'kysely';

/**
 * Deposit logs the scanner could not store (a value beyond what `deposit_transfers.amount`,
 * NUMERIC(38,18), holds): kept here as they came, once each (tx hash + log index), so the scan
 * moves on instead of failing on them forever, and administrators can see them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE deposit_quarantine (
      tx_hash text NOT NULL,
      log_index integer NOT NULL CHECK (log_index >= 0),
      block_number bigint NOT NULL,
      from_address text NOT NULL,
      to_address text NOT NULL,
      raw_amount text NOT NULL CHECK (raw_amount ~ '^[0-9]+$'),
      reason text NOT NULL,
      quarantined_at timestamptz NOT NULL,
      PRIMARY KEY (tx_hash, log_index)
    )`.execute(db);
  await sql`CREATE INDEX deposit_quarantine_newest_idx ON deposit_quarantine (quarantined_at DESC, tx_hash, log_index)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE deposit_quarantine`.execute(db);
}
