import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      user_id text GENERATED ALWAYS AS ('UP' || (1000000 + seq)::text) STORED UNIQUE,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      is_email_verified boolean NOT NULL DEFAULT false,
      is_admin boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'LOCKED', 'DISABLED')),
      referral_code text NOT NULL UNIQUE,
      sponsor_id uuid REFERENCES users(id),
      deposit_address text UNIQUE,
      bingx_uid text UNIQUE,
      bingx_kyc boolean,
      bingx_balance numeric(30, 8),
      bingx_linked_at timestamptz,
      subscription_paid_at timestamptz,
      subscription_period_ends_at timestamptz,
      subscription_amount numeric(38, 18),
      subscription_tx_hash text,
      failed_login_attempts integer NOT NULL DEFAULT 0,
      login_locked_until timestamptz,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`.execute(db);
  await sql`CREATE INDEX users_sponsor_id_idx ON users (sponsor_id)`.execute(db);

  await sql`
    CREATE TABLE referral_closure (
      ancestor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      descendant_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      depth smallint NOT NULL CHECK (depth BETWEEN 1 AND 15),
      PRIMARY KEY (ancestor_id, depth, descendant_id)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX referral_closure_descendant_idx ON referral_closure (descendant_id, depth)`.execute(db);

  await sql`
    CREATE TABLE account_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('EMAIL_VERIFICATION', 'PASSWORD_RESET')),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose)`.execute(db);

  await sql`
    CREATE TABLE mail_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      to_address text NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'PENDING'`.execute(db);
  await sql`CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address), created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mail_outbox, account_tokens, referral_closure, users`.execute(db);
}
