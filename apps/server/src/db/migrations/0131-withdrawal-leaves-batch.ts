import { type Kysely, sql } from 'kysely';

/**
 * A withdrawal rejected or blocked leaves its open payout batch (issue 24): its line gets
 * `left_at` (the decision's time) in the decision's own transaction, whichever code path decides
 * it, so the withdrawals module needs to know nothing of batches. The decision holds the
 * withdrawal's row lock; a batch being created locks its withdrawals (FOR SHARE) before it writes
 * their lines, so a rejection either comes first (the withdrawal is no longer pending and is
 * refused) or waits for the batch and then takes its line out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION withdrawal_leaves_batch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE payout_batch_withdrawals SET left_at = coalesce(NEW.processed_at, now())
       WHERE withdrawal_id = NEW.id AND left_at IS NULL;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER withdrawals_leave_batch AFTER UPDATE OF status ON withdrawals
       FOR EACH ROW WHEN (NEW.status IN ('REJECTED', 'BLOCKED_COMPLIANCE') AND OLD.status IS DISTINCT FROM NEW.status)
       EXECUTE FUNCTION withdrawal_leaves_batch()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER withdrawals_leave_batch ON withdrawals`.execute(db);
  await sql`DROP FUNCTION withdrawal_leaves_batch()`.execute(db);
}
