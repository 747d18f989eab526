import { type Kysely, sql } from 'kysely';

/**
 * Mail is retried for as long as its content is good (issue 42), not a fixed number of attempts.
 * `kind` says what a mail is (a one-time link or code, or a notice: the failed-mail counter's
 * label); `expires_at` is when a one-time link or code in it stops working (null for a notice,
 * retried for MAIL_RETRY_HOURS); `queued_at` is when the current round of attempts began: the
 * creation, or an administrator's "send again". FAILED mail is listed for administrators from
 * its partial index, which holds only the failures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mail_outbox
      ADD COLUMN kind text NOT NULL DEFAULT 'notice',
      ADD COLUMN expires_at timestamptz,
      ADD COLUMN queued_at timestamptz`.execute(db);
  await sql`UPDATE mail_outbox SET queued_at = created_at`.execute(db);
  await sql`ALTER TABLE mail_outbox ALTER COLUMN queued_at SET NOT NULL, ALTER COLUMN queued_at SET DEFAULT now()`.execute(
    db,
  );
  await sql`CREATE INDEX mail_outbox_failed_idx ON mail_outbox (queued_at DESC, id) WHERE status = 'FAILED'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX mail_outbox_failed_idx`.execute(db);
  await sql`ALTER TABLE mail_outbox DROP COLUMN queued_at, DROP COLUMN expires_at, DROP COLUMN kind`.execute(db);
}
