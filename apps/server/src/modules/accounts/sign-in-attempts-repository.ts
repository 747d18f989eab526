import { createHmac } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The key of an address in `sign_in_attempts`: an HMAC under the code key (`ServerKeys.codeHmac`), so the
 * table holds no address (registered or mistyped) and a row cannot be matched to one by guessing.
 */
export function signInAttemptKey(secret: Buffer, email: string): string {
  return createHmac('sha256', secret).update(`sign-in-attempts:${email.trim().toLowerCase()}`).digest('base64url');
}

export interface AttemptPolicy {
  maxLoginAttempts: number;
  loginLockMinutes: number;
}

/** One password check an address may make, reserved before the check. */
export interface AttemptReservation {
  key: string;
  /** The attempt's number in the current series of failures (1-based). */
  attempt: number;
  /** This was the last attempt allowed: the cool-down has started and stands if the password is wrong. */
  startedCoolDown: boolean;
}

/** Failures older than this, with no cool-down running, no longer count. */
const seriesHours = 24;

/**
 * Reserves an attempt in one statement, before any password is checked: the row lock of the
 * upsert orders concurrent attempts, so however many arrive together, at most `maxLoginAttempts`
 * are granted per cool-down, and the one that reaches the maximum starts the cool-down at once.
 * Resolves null while a cool-down runs (nothing is counted then). An expired cool-down, or a
 * series idle for a day, starts over at 1.
 */
export async function reserveSignInAttempt(
  db: Kysely<Database>,
  key: string,
  policy: AttemptPolicy,
): Promise<AttemptReservation | null> {
  const lockedUntil = sql`now() + make_interval(mins => ${policy.loginLockMinutes})`;
  const nextAttempt = sql`CASE WHEN a.locked_until IS NOT NULL
                                 OR a.updated_at <= now() - make_interval(hours => ${seriesHours})
                               THEN 1 ELSE a.attempts + 1 END`;
  const { rows } = await sql<{ attempts: number; locked_until: Date | null }>`
    INSERT INTO sign_in_attempts AS a (email_key, attempts, locked_until)
    VALUES (${key}, 1, CASE WHEN 1 >= ${policy.maxLoginAttempts} THEN ${lockedUntil} END)
    ON CONFLICT (email_key) DO UPDATE
       SET attempts = ${nextAttempt},
           locked_until = CASE WHEN ${nextAttempt} >= ${policy.maxLoginAttempts} THEN ${lockedUntil} END,
           updated_at = now()
     WHERE a.locked_until IS NULL OR a.locked_until <= now()
    RETURNING attempts, locked_until`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return { key, attempt: row.attempts, startedCoolDown: row.locked_until !== null };
}

/**
 * Gives a reservation back after the right password. Only when no attempt was reserved after it:
 * otherwise concurrent failures are still being counted (or have started a cool-down), and
 * wiping them would hand a burst a fresh budget.
 */
export async function releaseSignInAttempt(db: Kysely<Database>, reservation: AttemptReservation): Promise<void> {
  await db
    .deleteFrom('sign_in_attempts')
    .where('email_key', '=', reservation.key)
    .where('attempts', '=', reservation.attempt)
    .execute();
}

/** Forgets every failure of an address and lifts its cool-down (a reset link proved who it is). */
export async function clearSignInAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('email_key', '=', key).execute();
}

/** Drops rows that no longer count: the cool-down is over, or no failure for a day. */
export async function forgetStaleSignInAttempts(db: Kysely<Database>): Promise<void> {
  await sql`
    DELETE FROM sign_in_attempts
     WHERE locked_until <= now()
        OR (locked_until IS NULL AND updated_at <= now() - make_interval(hours => ${seriesHours}))`.execute(db);
}
