import { type Kysely, sql } from 'kysely';

/**
 * What the audit log's actor search and the admin member reports read without a scan.
 *
 * - `users.sign_in_count`: successful sign-ins, raised where a sign-in records `last_login_at`
 *   (members who signed in before this column existed start at 0).
 * - `users_administrators_idx`: the administrators (a handful of rows) — an audit actor search
 *   looks for names among them, not among every member.
 * - `users_status_seq_idx`: members not deleted of one status, newest first (the reports' status
 *   filter finds a page of LOCKED members without walking every member).
 * - `reward_statement_entries_copier_idx`: a member's statement lines across cycles (the primary
 *   key leads with the cycle), with the amount, so their total is an index-only read.
 *
 * The audit log's own filters (time, actor + time, target + time, action + time) are covered by
 * the indexes of migration 0010.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN sign_in_count integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX users_administrators_idx ON users (id) WHERE is_admin`.execute(db);
  await sql`CREATE INDEX users_status_seq_idx ON users (status, seq) WHERE deleted_at IS NULL`.execute(db);
  await sql`
    CREATE INDEX reward_statement_entries_copier_idx ON reward_statement_entries (copier_id) INCLUDE (master_amount)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX reward_statement_entries_copier_idx`.execute(db);
  await sql`DROP INDEX users_status_seq_idx`.execute(db);
  await sql`DROP INDEX users_administrators_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN sign_in_count`.execute(db);
}
