import { type Kysely, sql } from 'kysely';

/**
 * Batches exported under the release before payment claims (migration 0141) are claimed now
 * (issue 42). That release recorded a download only as an audit row (`PAYOUT_BATCH_EXPORTED`,
 * with who and when) and claimed nothing, so after the upgrade such a batch was OPEN with its
 * withdrawals free — rejectable, batchable, payable again — while its files might still be paid
 * in Safe. Each batch with such a row and no claim of its own is claimed as its first download
 * would claim it now (`startBatchPayment`): at that download's time, by its administrator, every
 * withdrawal still to pay numbered in the batch's order (those a payment of their own claims are
 * left to it), each administrator who downloaded it recorded as an exporter with the claimed
 * total. The chain head before the claim is unknown: the treasury reconciliation's cursor stands
 * for it (every confirmed transfer up to there has been read and would have approved its
 * withdrawal), so a release looks for the batch's transfers from there. A batch the demo treasury
 * paid, or with nothing left to pay, is left as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TEMPORARY TABLE exported_before ON COMMIT DROP AS
    SELECT DISTINCT ON (a.target_id::uuid) a.target_id::uuid AS batch_id, a.actor_id AS claimed_by, a.created_at AS claimed_at,
           (SELECT min(c.last_block) FROM chain_scan_cursors c WHERE c.name LIKE 'usdt-treasury:%') AS claim_block
      FROM audit_log a
      JOIN payout_batches b ON b.id::text = a.target_id
     WHERE a.action = 'PAYOUT_BATCH_EXPORTED' AND a.target_type = 'PAYOUT_BATCH' AND a.actor_id IS NOT NULL
       AND b.payment_claimed_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM payout_batch_demo_payments d WHERE d.batch_id = b.id)
     ORDER BY a.target_id::uuid, a.created_at, a.id`.execute(db);
  await sql`
    CREATE TEMPORARY TABLE claimed_lines ON COMMIT DROP AS
    SELECT l.batch_id, l.withdrawal_id, row_number() OVER (PARTITION BY l.batch_id ORDER BY l.position) AS claim_position
      FROM payout_batch_withdrawals l
      JOIN exported_before e ON e.batch_id = l.batch_id
      JOIN withdrawals w ON w.id = l.withdrawal_id
     WHERE l.left_at IS NULL AND w.status = 'PENDING' AND w.payment_claimed_at IS NULL`.execute(db);
  await sql`
    UPDATE payout_batch_withdrawals l SET claim_position = c.claim_position
      FROM claimed_lines c
     WHERE l.batch_id = c.batch_id AND l.withdrawal_id = c.withdrawal_id`.execute(db);
  await sql`
    UPDATE withdrawals w
       SET payment_claimed_at = e.claimed_at, payment_claimed_by = e.claimed_by, payment_claim_block = e.claim_block,
           payment_claim_hash = NULL, payment_claim_batch = e.batch_id
      FROM claimed_lines c JOIN exported_before e ON e.batch_id = c.batch_id
     WHERE w.id = c.withdrawal_id`.execute(db);
  await sql`
    UPDATE payout_batches b
       SET payment_claimed_at = e.claimed_at, payment_claimed_by = e.claimed_by, payment_claim_block = e.claim_block
      FROM exported_before e
     WHERE b.id = e.batch_id AND EXISTS (SELECT 1 FROM claimed_lines c WHERE c.batch_id = e.batch_id)`.execute(db);
  await sql`
    INSERT INTO payout_batch_exports (batch_id, exported_by, exported_at, total)
    SELECT a.target_id::uuid, a.actor_id, min(a.created_at),
           (SELECT coalesce(sum(w.amount), 0) FROM claimed_lines c JOIN withdrawals w ON w.id = c.withdrawal_id
             WHERE c.batch_id = a.target_id::uuid)
      FROM audit_log a
      JOIN exported_before e ON e.batch_id::text = a.target_id
     WHERE a.action = 'PAYOUT_BATCH_EXPORTED' AND a.target_type = 'PAYOUT_BATCH' AND a.actor_id IS NOT NULL
       AND EXISTS (SELECT 1 FROM claimed_lines c WHERE c.batch_id = e.batch_id)
     GROUP BY a.target_id, a.actor_id
    ON CONFLICT (batch_id, exported_by) DO NOTHING`.execute(db);
}

/** The claims stay: undoing them would free withdrawals whose files may be paid. */
export async function down(): Promise<void> {}
