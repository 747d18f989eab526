import { type Kysely, sql } from 'kysely';

/**
 * Administrators' second factor (TOTP, RFC 6238).
 *
 * - `admin_totp`: one row per administrator who started or finished enrolment. The secret is
 *   sealed (AES-256-GCM, see totp-secret-box.ts); `enrolled_at` is null until the first code
 *   confirms it. `last_step` is the newest 30-second step whose code was accepted: a code of that
 *   step or an older one is never accepted again, checked and moved in one UPDATE so two requests
 *   with one code cannot both pass. `sign_ins` counts sign-ins completed with the factor: a
 *   sign-in challenge names the count it was issued at and is spent when the count moves on.
 *   Steps since 1970 fit an integer until the year 4000.
 * - `admin_totp_recovery_codes`: each an HMAC, usable once (`used_at`), gone with the factor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE admin_totp (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      secret_sealed text NOT NULL,
      created_at timestamptz NOT NULL,
      enrolled_at timestamptz,
      last_step integer NOT NULL DEFAULT 0 CHECK (last_step >= 0),
      sign_ins integer NOT NULL DEFAULT 0 CHECK (sign_ins >= 0)
    )`.execute(db);
  await sql`
    CREATE TABLE admin_totp_recovery_codes (
      user_id uuid NOT NULL REFERENCES admin_totp(user_id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE admin_totp_recovery_codes`.execute(db);
  await sql`DROP TABLE admin_totp`.execute(db);
}
