import { type Kysely, sql } from 'kysely';

/**
 * Every session token carries the user's session version; a new password raises it, so the
 * sessions opened with the old password (a stolen laptop, a leaked token) end at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN session_version`.execute(db);
}
