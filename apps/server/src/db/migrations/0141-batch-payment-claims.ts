import { type Kysely, sql } from 'kysely';

/**
 * A payout batch claims its withdrawals from the moment money may move (issue 31).
 *
 * - The batch's payment: when it started (its first export, or the demo treasury's payment), by
 *   whom, and the chain head just before (where a release looks for its transfers). Cleared by a
 *   release.
 * - Each withdrawal it claims carries the same payment claim a single payment takes (migration
 *   0080) and names the batch; the reference also keeps a batch with claims from being deleted.
 * - A claimed line's `claim_position` numbers the transfers of the payment (1, 2, …): the files'
 *   parts are fixed ranges of it, so a part downloaded again carries the same transfers.
 * - `payout_batch_exports`: each administrator's first export of a batch in its payment, with
 *   the total then — the four-eyes window (exports without a second approval in 24 hours) adds
 *   them up. Kept when the batch is deleted: money it exported may still move.
 * - `payout_batch_demo_payments`: the demo treasury's transaction per Transaction Builder part,
 *   its row written before anything is sent, so a batch is paid once however often it is asked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payout_batches
      ADD COLUMN payment_claimed_at timestamptz,
      ADD COLUMN payment_claimed_by uuid REFERENCES users (id),
      ADD COLUMN payment_claim_block bigint CHECK (payment_claim_block >= 0),
      ADD CONSTRAINT payout_batches_claim_whole
        CHECK ((payment_claimed_at IS NULL) = (payment_claimed_by IS NULL)
           AND (payment_claim_block IS NULL OR payment_claimed_at IS NOT NULL))`.execute(db);
  await sql`
    ALTER TABLE payout_batch_withdrawals
      ADD COLUMN claim_position integer CHECK (claim_position >= 1),
      ADD CONSTRAINT payout_batch_withdrawals_claim_position UNIQUE (batch_id, claim_position)`.execute(db);
  await sql`
    ALTER TABLE withdrawals
      ADD COLUMN payment_claim_batch uuid REFERENCES payout_batches (id),
      ADD CONSTRAINT withdrawals_claim_batch_claimed
        CHECK (payment_claim_batch IS NULL OR payment_claimed_at IS NOT NULL)`.execute(db);
  await sql`
    CREATE INDEX withdrawals_claim_batch_idx ON withdrawals (payment_claim_batch)
     WHERE payment_claim_batch IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE payout_batch_exports (
      batch_id uuid NOT NULL,
      exported_by uuid NOT NULL REFERENCES users (id),
      exported_at timestamptz NOT NULL,
      total numeric(38, 8) NOT NULL CHECK (total >= 0),
      PRIMARY KEY (batch_id, exported_by)
    )`.execute(db);
  await sql`CREATE INDEX payout_batch_exports_window_idx ON payout_batch_exports (exported_by, exported_at)`.execute(
    db,
  );
  await sql`
    CREATE TABLE payout_batch_demo_payments (
      batch_id uuid NOT NULL REFERENCES payout_batches (id) ON DELETE CASCADE,
      part integer NOT NULL CHECK (part >= 1),
      lines integer NOT NULL CHECK (lines >= 0),
      started_at timestamptz NOT NULL,
      transaction_hash text,
      PRIMARY KEY (batch_id, part)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payout_batch_demo_payments, payout_batch_exports`.execute(db);
  await sql`DROP INDEX withdrawals_claim_batch_idx`.execute(db);
  await sql`
    ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_claim_batch_claimed, DROP COLUMN payment_claim_batch`.execute(
    db,
  );
  await sql`
    ALTER TABLE payout_batch_withdrawals
      DROP CONSTRAINT payout_batch_withdrawals_claim_position, DROP COLUMN claim_position`.execute(db);
  await sql`
    ALTER TABLE payout_batches DROP CONSTRAINT payout_batches_claim_whole,
      DROP COLUMN payment_claim_block, DROP COLUMN payment_claimed_by, DROP COLUMN payment_claimed_at`.execute(db);
}
