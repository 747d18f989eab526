import { type Kysely, sql } from 'kysely';

/**
 * The dev tools' single demo payment counts in the four-eyes window (issue 43): each one is
 * recorded with its administrator, time and amount, and the window adds them to the batches they
 * exported without a second approval.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE withdrawal_demo_payments (
      withdrawal_id uuid PRIMARY KEY REFERENCES withdrawals (id) ON DELETE CASCADE,
      paid_by uuid NOT NULL REFERENCES users (id),
      paid_at timestamptz NOT NULL,
      amount numeric(38, 8) NOT NULL CHECK (amount > 0)
    )`.execute(db);
  await sql`CREATE INDEX withdrawal_demo_payments_window_idx ON withdrawal_demo_payments (paid_by, paid_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE withdrawal_demo_payments`.execute(db);
}
