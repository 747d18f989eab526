import { type Kysely, sql, type Updateable } from 'kysely';
import type { Database, NewUser, UserRow, UsersTable } from '../../db/schema';

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(db: Kysely<Database>, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function setDepositAddress(db: Kysely<Database>, id: string, address: string): Promise<void> {
  await db.updateTable('users').set({ deposit_address: address }).where('id', '=', id).execute();
}

export async function markEmailVerified(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('users').set({ is_email_verified: true, updated_at: sql`now()` }).where('id', '=', id).execute();
}

/**
 * Ends every session opened before now (a new password, a second factor turned on or off), with
 * `change` in the same statement. Resolves with the new session version, for the token the
 * caller goes on with.
 */
export async function endEarlierSessions(
  db: Kysely<Database>,
  id: string,
  change: Pick<Updateable<UsersTable>, 'password_hash'> = {},
): Promise<number> {
  const { session_version } = await db
    .updateTable('users')
    .set({ ...change, session_version: sql`session_version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning('session_version')
    .executeTakeFirstOrThrow();
  return session_version;
}

/** A new password ends every session opened before it. Resolves with the new session version. */
export const setPasswordHash = (db: Kysely<Database>, id: string, passwordHash: string): Promise<number> =>
  endEarlierSessions(db, id, { password_hash: passwordHash });

export async function recordSuccessfulSignIn(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: sql`now()`, sign_in_count: sql`sign_in_count + 1` })
    .where('id', '=', id)
    .execute();
}

/** True when `error` is PostgreSQL's unique violation (23505) of the named constraint or index. */
