import { type Kysely, sql } from 'kysely';

/**
 * A withdrawal being paid is claimed (issue 20): the demo treasury's payment or an approval with a
 * transaction hash claims it first, and a rejection or block of a claimed withdrawal is refused, so
 * a payment in flight or on chain can no longer be voided under it. The claim names who, when, the
 * chain head at that moment (where a release looks for the payment) and, once known, the payment's
 * hash; it exists only while the withdrawal is pending, and a decision clears it.
 *
 * A payment recorded for a withdrawal already rejected or blocked is kept in
 * `withdrawal_flagged_payments` (once per withdrawal and hash) for the administrators to settle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE withdrawals
      ADD COLUMN payment_claimed_at timestamptz,
      ADD COLUMN payment_claimed_by uuid REFERENCES users (id),
      ADD COLUMN payment_claim_block bigint CHECK (payment_claim_block >= 0),
      ADD COLUMN payment_claim_hash text,
      ADD CONSTRAINT withdrawals_claim_while_pending
        CHECK (payment_claimed_at IS NULL OR status = 'PENDING'),
      ADD CONSTRAINT withdrawals_claim_whole
        CHECK ((payment_claimed_at IS NULL) = (payment_claimed_by IS NULL)
           AND (payment_claim_hash IS NULL OR payment_claimed_at IS NOT NULL))`.execute(db);
  await sql`
    CREATE TABLE withdrawal_flagged_payments (
      withdrawal_id uuid NOT NULL REFERENCES withdrawals (id),
      transaction_hash text NOT NULL,
      withdrawal_status text NOT NULL,
      recorded_by uuid NOT NULL REFERENCES users (id),
      recorded_at timestamptz NOT NULL,
      PRIMARY KEY (withdrawal_id, transaction_hash)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE withdrawal_flagged_payments`.execute(db);
  await sql`
    ALTER TABLE withdrawals
      DROP CONSTRAINT withdrawals_claim_whole,
      DROP CONSTRAINT withdrawals_claim_while_pending,
      DROP COLUMN payment_claim_hash,
      DROP COLUMN payment_claim_block,
      DROP COLUMN payment_claimed_by,
      DROP COLUMN payment_claimed_at`.execute(db);
}
