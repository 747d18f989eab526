import { type Kysely, sql } from 'kysely';

/**
 * A payment seen is a payment made (issue 41). The treasury's outgoing transfers mined but not
 * yet decided by the reconciliation (fewer than CONFIRMATIONS blocks on top, or past its cursor),
 * each by (transaction hash, log index) as read from the chain: a pending withdrawal one of them
 * pays — recipient and exact amount — is not paid again. A reorg that drops the transfer drops
 * its row; the reconciliation's decision of it, once confirmed, makes the row history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE treasury_seen_transfers (
      transaction_hash text NOT NULL,
      log_index integer NOT NULL CHECK (log_index >= 0),
      block_number bigint NOT NULL,
      block_hash text NOT NULL,
      from_address text NOT NULL CHECK (from_address = lower(from_address)),
      to_address text NOT NULL CHECK (to_address = lower(to_address)),
      amount numeric NOT NULL CHECK (amount >= 0),
      seen_at timestamptz NOT NULL,
      PRIMARY KEY (transaction_hash, log_index)
    )`.execute(db);
  // What a withdrawal looks up: a transfer of its amount to its address.
  await sql`CREATE INDEX treasury_seen_transfers_paid_idx ON treasury_seen_transfers (to_address, amount)`.execute(db);
  await sql`CREATE INDEX treasury_seen_transfers_block_idx ON treasury_seen_transfers (block_number)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE treasury_seen_transfers`.execute(db);
}
