import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema';

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

/** Codes are stored upper-case; members may type them in any case. */
export function findUserByReferralCode(db: Kysely<Database>, code: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('referral_code', '=', code.toUpperCase()).executeTakeFirst();
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
 * A new password also lifts a sign-in cool-down (the owner has just proven who they are) and ends
 * every session opened before it. Resolves with the new session version.
 */
export async function setPasswordHash(db: Kysely<Database>, id: string, passwordHash: string): Promise<number> {
  const { session_version } = await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      failed_login_attempts: 0,
      login_locked_until: null,
      session_version: sql`session_version + 1`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returning('session_version')
    .executeTakeFirstOrThrow();
  return session_version;
}

export interface FailedSignIn {
  failedAttempts: number;
  lockedUntil: Date | null;
}

/**
 * Counts one bad password in a single statement (concurrent guesses are all counted) and starts
 * the cool-down when the count reaches `maxAttempts`. A count left from an expired cool-down
 * starts over.
 */
export async function recordFailedSignIn(
  db: Kysely<Database>,
  id: string,
  maxAttempts: number,
  lockMinutes: number,
): Promise<FailedSignIn> {
  const { rows } = await sql<{ failed_login_attempts: number; login_locked_until: Date | null }>`
    WITH counted AS (
      SELECT id,
             CASE WHEN login_locked_until IS NOT NULL AND login_locked_until <= now() THEN 1
                  ELSE failed_login_attempts + 1 END AS attempts
        FROM users WHERE id = ${id} FOR UPDATE)
    UPDATE users u
       SET failed_login_attempts = counted.attempts,
           login_locked_until = CASE WHEN counted.attempts >= ${maxAttempts}
                                     THEN now() + make_interval(mins => ${lockMinutes})
                                     ELSE NULL END
      FROM counted
     WHERE u.id = counted.id
    RETURNING u.failed_login_attempts, u.login_locked_until`.execute(db);
  const row = rows[0];
  return { failedAttempts: row?.failed_login_attempts ?? 0, lockedUntil: row?.login_locked_until ?? null };
}

export async function recordSuccessfulSignIn(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_login_attempts: 0, login_locked_until: null, last_login_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** True when `error` is PostgreSQL's unique violation (23505) of the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && violated === constraint;
}
