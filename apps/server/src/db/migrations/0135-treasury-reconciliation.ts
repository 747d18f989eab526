import { type Kysely, sql } from 'kysely';

/**
 * The treasury reconciliation (issue 24).
 *
 * - It flags a payment of a withdrawal already rejected or blocked as an administrator's approval
 *   does, but no administrator recorded it: `recorded_by` is null for those.
 * - A transfer that approves no pending withdrawal is looked up among the decided withdrawals to
 *   the same address (a closed one paid, an approved one paid twice): by address, not a scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawal_flagged_payments ALTER COLUMN recorded_by DROP NOT NULL`.execute(db);
  await sql`
    CREATE INDEX withdrawals_wallet_decided_idx ON withdrawals (lower(wallet_address), processed_at DESC)
     WHERE status <> 'PENDING'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX withdrawals_wallet_decided_idx`.execute(db);
  await sql`DELETE FROM withdrawal_flagged_payments WHERE recorded_by IS NULL`.execute(db);
  await sql`ALTER TABLE withdrawal_flagged_payments ALTER COLUMN recorded_by SET NOT NULL`.execute(db);
}
