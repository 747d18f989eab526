import { type Kysely, sql } from 'kysely';

/**
 * A payout batch's parts proposed to the treasury Safe (issue 41): one Safe transaction per part
 * (a MultiSend of its transfers), posted to the Safe Transaction Service by the proposer. Each
 * row names the Safe, its safeTxHash and nonce, and the state read from the chain: QUEUED until
 * the Safe executes it (EXECUTED) or fails it (FAILED), or uses its nonce for another transaction
 * (REPLACED). The part's transfers are the batch's claimed lines `first_position`..`last_position`
 * (a queued proposal is a payment seen of each, payment-seen.ts). Two proposes of the same part
 * propose once: they take the batch's row lock. A batch can only be deleted with no payment under
 * way, so its proposals go with it then (the audit log keeps each one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payout_safe_proposals (
      safe_tx_hash text PRIMARY KEY CHECK (safe_tx_hash = lower(safe_tx_hash)),
      batch_id uuid NOT NULL REFERENCES payout_batches (id) ON DELETE CASCADE,
      part integer NOT NULL CHECK (part >= 1),
      safe_address text NOT NULL CHECK (safe_address = lower(safe_address)),
      nonce bigint NOT NULL CHECK (nonce >= 0),
      transfers integer NOT NULL CHECK (transfers >= 1),
      first_position integer NOT NULL CHECK (first_position >= 1),
      last_position integer NOT NULL CHECK (last_position >= first_position),
      total numeric NOT NULL CHECK (total > 0),
      state text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'EXECUTED', 'REPLACED', 'FAILED')),
      proposed_by uuid NOT NULL REFERENCES users (id),
      proposed_at timestamptz NOT NULL,
      decided_at timestamptz,
      transaction_hash text,
      CHECK ((state = 'QUEUED') = (decided_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX payout_safe_proposals_batch_idx ON payout_safe_proposals (batch_id, part)`.execute(db);
  await sql`CREATE INDEX payout_safe_proposals_queued_idx ON payout_safe_proposals (safe_address) WHERE state = 'QUEUED'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payout_safe_proposals`.execute(db);
}
