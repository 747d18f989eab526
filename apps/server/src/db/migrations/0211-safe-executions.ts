import { type Kysely, sql } from 'kysely';

/**
 * The treasury Safe's executions as its confirmed blocks show them (issue 41): each
 * `execTransaction` (a SafeMultiSigTransaction followed by ExecutionSuccess or ExecutionFailure),
 * by its safeTxHash, with the nonce it used and the chain transaction. The reconciliation reads
 * the Safe's logs from its cursor on (`chain_scan_cursors`, `safe-executions:…`) instead of from
 * block 0 every time, and decides its queued proposals from these rows: one executed, failed or
 * replaced by another transaction at its nonce. Only confirmed blocks are read; a reorg deeper
 * than that rewinds the cursor, and a block read again updates its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE safe_executions (
      safe_tx_hash text PRIMARY KEY CHECK (safe_tx_hash = lower(safe_tx_hash)),
      safe_address text NOT NULL CHECK (safe_address = lower(safe_address)),
      nonce bigint NOT NULL CHECK (nonce >= 0),
      successful boolean NOT NULL,
      transaction_hash text NOT NULL CHECK (transaction_hash = lower(transaction_hash)),
      block_number bigint NOT NULL
    )`.execute(db);
  // What a queued proposal looks up: its own hash (the key), or another execution at its nonce.
  await sql`CREATE INDEX safe_executions_nonce_idx ON safe_executions (safe_address, nonce)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE safe_executions`.execute(db);
}
