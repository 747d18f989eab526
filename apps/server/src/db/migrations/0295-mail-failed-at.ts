import { type Kysely, sql } from 'kysely';

/**
 * Failed mail is listed for administrators newest failure first (issue 42): `failed_at` is when a
 * mail was given up on. Mail failed before it existed gets its last planned attempt (or its queue
 * time when that is later than now), the closest the row holds. The partial index holds only the
 * failures and replaces the one by `queued_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_outbox ADD COLUMN failed_at timestamptz`.execute(db);
  await sql`UPDATE mail_outbox SET failed_at = least(next_attempt_at, now()) WHERE status = 'FAILED'`.execute(db);
  await sql`DROP INDEX mail_outbox_failed_idx`.execute(db);
  await sql`CREATE INDEX mail_outbox_failed_idx ON mail_outbox (failed_at DESC, id) WHERE status = 'FAILED'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX mail_outbox_failed_idx`.execute(db);
  await sql`CREATE INDEX mail_outbox_failed_idx ON mail_outbox (queued_at DESC, id) WHERE status = 'FAILED'`.execute(
    db,
  );
  await sql`ALTER TABLE mail_outbox DROP COLUMN failed_at`.execute(db);
}
