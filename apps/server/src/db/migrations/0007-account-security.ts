import { type Kysely, sql } from 'kysely';

/**
 * Account security (issue 8):
 * - the failed-password counter moves off the users row into a table keyed by a hash of the
 *   e-mail address, so the cool-down also covers addresses nobody registered and a sign-in
 *   burst is counted and decided in one statement;
 * - reset and verification mails asked for by address become requests the mail worker turns
 *   into mail, so the request itself does the same work whether or not the address is known;
 * - each member's BingX UID checks are counted per day, so nobody can probe arbitrary UIDs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sign_in_attempts (
      email_key text PRIMARY KEY,
      attempts integer NOT NULL CHECK (attempts > 0),
      locked_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN failed_login_attempts, DROP COLUMN login_locked_until`.execute(db);

  await sql`
    CREATE TABLE account_mail_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      purpose text NOT NULL CHECK (purpose IN ('EMAIL_VERIFICATION', 'PASSWORD_RESET')),
      email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (purpose, email)
    )`.execute(db);

  await sql`
    CREATE TABLE exchange_uid_checks (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      window_started_at timestamptz NOT NULL DEFAULT now(),
      checks integer NOT NULL CHECK (checks > 0)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE exchange_uid_checks`.execute(db);
  await sql`DROP TABLE account_mail_requests`.execute(db);
  await sql`
    ALTER TABLE users ADD COLUMN failed_login_attempts integer NOT NULL DEFAULT 0,
                      ADD COLUMN login_locked_until timestamptz`.execute(db);
  await sql`DROP TABLE sign_in_attempts`.execute(db);
}
