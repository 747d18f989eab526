import { type Kysely, sql } from 'kysely';

/** USDT transfers to members' deposit addresses and the deposit scanner's progress. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE deposit_transfers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      tx_hash text NOT NULL,
      log_index integer NOT NULL CHECK (log_index >= 0),
      block_number bigint NOT NULL,
      block_hash text NOT NULL,
      block_time timestamptz NOT NULL,
      from_address text NOT NULL,
      to_address text NOT NULL,
      amount numeric(38, 18) NOT NULL CHECK (amount >= 0),
      credited_period_ends_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (tx_hash, log_index)
    )`.execute(db);
  await sql`CREATE INDEX deposit_transfers_user_idx ON deposit_transfers (user_id, block_number, log_index)`.execute(
    db,
  );
  await sql`
    CREATE INDEX deposit_transfers_uncredited_idx ON deposit_transfers (user_id)
    WHERE credited_period_ends_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE chain_scan_cursors (
      name text PRIMARY KEY,
      last_block bigint NOT NULL,
      last_block_hash text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // Logs carry lower-case addresses; deposit addresses are stored checksummed.
  await sql`CREATE UNIQUE INDEX users_deposit_address_lower_idx ON users (lower(deposit_address))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX users_deposit_address_lower_idx`.execute(db);
  await sql`DROP TABLE chain_scan_cursors, deposit_transfers`.execute(db);
}
