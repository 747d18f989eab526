import { type Kysely, sql } from 'kysely';

/**
 * Payouts at scale (issue 24).
 *
 * - A payment proves a withdrawal by one USDT `Transfer` log: unique by (transaction hash, log
 *   index), so one multi-send transaction proves many withdrawals. `withdrawals_transaction_once`
 *   (one withdrawal per hash) goes; a hash recorded without its log (payout checks switched off,
 *   outside production) stays unique on its own, as before.
 * - A batch gathers pending withdrawals; `payout_batch_withdrawals_open` keeps a withdrawal in at
 *   most one batch (a withdrawal that leaves — rejected, blocked — has `left_at`). Lines keep their
 *   position: the export files' order, and the batch's own listing of receivers and amounts.
 * - A second administrator's approval (four eyes) is on the batch; never its creator.
 * - `treasury_transfers` keeps every outgoing USDT transfer of the treasury addresses the
 *   reconciliation read (confirmed), the withdrawal it approved, or why it matched none. Amounts
 *   as the chain holds them: a stray transfer can carry any uint256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_transaction_once`.execute(db);
  await sql`
    ALTER TABLE withdrawals
      ADD COLUMN transaction_log_index integer CHECK (transaction_log_index >= 0),
      ADD CONSTRAINT withdrawals_log_with_hash CHECK (transaction_log_index IS NULL OR transaction_hash IS NOT NULL)`.execute(
    db,
  );
  await sql`
    CREATE UNIQUE INDEX withdrawals_payment_once ON withdrawals (transaction_hash, transaction_log_index)
     WHERE transaction_log_index IS NOT NULL`.execute(db);
  await sql`
    CREATE UNIQUE INDEX withdrawals_unlocated_payment_once ON withdrawals (transaction_hash)
     WHERE transaction_hash IS NOT NULL AND transaction_log_index IS NULL`.execute(db);

  await sql`
    CREATE TABLE payout_batches (
      id uuid PRIMARY KEY,
      created_by uuid NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL,
      approved_by uuid REFERENCES users (id),
      approved_at timestamptz,
      CONSTRAINT payout_batches_approval_whole CHECK ((approved_by IS NULL) = (approved_at IS NULL)),
      CONSTRAINT payout_batches_four_eyes CHECK (approved_by <> created_by)
    )`.execute(db);
  await sql`CREATE INDEX payout_batches_created_idx ON payout_batches (created_at DESC, id DESC)`.execute(db);
  await sql`
    CREATE TABLE payout_batch_withdrawals (
      batch_id uuid NOT NULL REFERENCES payout_batches (id) ON DELETE CASCADE,
      withdrawal_id uuid NOT NULL REFERENCES withdrawals (id),
      position integer NOT NULL CHECK (position >= 1),
      left_at timestamptz,
      PRIMARY KEY (batch_id, withdrawal_id),
      CONSTRAINT payout_batch_withdrawals_position UNIQUE (batch_id, position)
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX payout_batch_withdrawals_open ON payout_batch_withdrawals (withdrawal_id)
     WHERE left_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE treasury_transfers (
      transaction_hash text NOT NULL,
      log_index integer NOT NULL CHECK (log_index >= 0),
      block_number bigint NOT NULL,
      block_hash text NOT NULL,
      from_address text NOT NULL,
      to_address text NOT NULL,
      raw_amount numeric(78, 0) NOT NULL CHECK (raw_amount >= 0),
      amount numeric NOT NULL CHECK (amount >= 0),
      seen_at timestamptz NOT NULL,
      withdrawal_id uuid REFERENCES withdrawals (id),
      unmatched_reason text CHECK (unmatched_reason IN ('NO_PENDING_WITHDRAWAL', 'WITHDRAWAL_CLOSED', 'WITHDRAWAL_ALREADY_PAID')),
      PRIMARY KEY (transaction_hash, log_index),
      -- Matched: it approved its withdrawal (no reason). Unmatched: a reason, and the withdrawal where one is known.
      CONSTRAINT treasury_transfers_outcome CHECK (unmatched_reason IS NOT NULL OR withdrawal_id IS NOT NULL)
    )`.execute(db);
  await sql`
    CREATE INDEX treasury_transfers_unmatched_idx ON treasury_transfers (seen_at DESC, transaction_hash, log_index)
     WHERE unmatched_reason IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE treasury_transfers, payout_batch_withdrawals, payout_batches`.execute(db);
  await sql`DROP INDEX withdrawals_unlocated_payment_once, withdrawals_payment_once`.execute(db);
  await sql`
    ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_log_with_hash, DROP COLUMN transaction_log_index,
      ADD CONSTRAINT withdrawals_transaction_once UNIQUE (transaction_hash)`.execute(db);
}
