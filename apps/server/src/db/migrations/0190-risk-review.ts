import { type Kysely, sql } from 'kysely';

/**
 * Risk review (issue 36): the signals its rules compare, indexed so each rule is a lookup, and
 * the events a person resolves.
 *
 * - `users.normalized_email`: the mailbox an address reaches (dots and +tags removed where the
 *   provider ignores them), written at registration and by the backfill (the rule's one home is
 *   `normalizeEmail`, in TypeScript).
 * - `registration_client_addresses`: the client address a member registered from, as resolved
 *   behind the trusted proxies; deleted after 90 days by the risk-signals job.
 * - Funding senders (credited transfers, by lower-case sender), sign-ups per sponsor in time, and
 *   withdrawals by lower-case address whatever their status, oldest first (0040 and 0135 index
 *   them by address only while pending or once decided: a rule's read of both scanned every
 *   withdrawal, 31 ms at 50,000). Deposit addresses are indexed in lower case already (0004).
 * - `risk_events`: one per rule and cluster (`cluster_key`: the shared address, mailbox, sponsor,
 *   client address or member); at most one open per rule and cluster (the partial unique index
 *   decides between two transactions opening it at once). `risk_event_members` names everyone in
 *   it, looked up by member for the holds and the marks on admin lists.
 * - `risk_backfill`: the one row the backfill writes when it has gone over the existing data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN normalized_email text`.execute(db);
  await sql`CREATE INDEX users_normalized_email_idx ON users (normalized_email) WHERE normalized_email IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX users_sponsor_joined_idx ON users (sponsor_id, created_at)`.execute(db);
  await sql`
    CREATE INDEX deposit_transfers_sender_idx ON deposit_transfers (lower(from_address))
     WHERE credited_period_ends_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX withdrawals_wallet_idx ON withdrawals (lower(wallet_address), requested_at)`.execute(db);
  await sql`
    CREATE TABLE registration_client_addresses (
      user_id uuid PRIMARY KEY REFERENCES users (id),
      address text NOT NULL,
      registered_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE INDEX registration_client_addresses_address_idx
        ON registration_client_addresses (address, registered_at)`.execute(db);
  await sql`
    CREATE INDEX registration_client_addresses_age_idx ON registration_client_addresses (registered_at)`.execute(db);

  await sql`
    CREATE TABLE risk_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      rule text NOT NULL CHECK (rule IN ('SHARED_WITHDRAWAL_WALLET', 'EMAIL_ALIAS', 'CIRCULAR_FUNDS',
                                         'SHARED_FUNDING_WALLET', 'REGISTRATION_BURST', 'DISPOSABLE_EMAIL')),
      severity text NOT NULL CHECK (severity IN ('HIGH', 'MEDIUM', 'LOW')),
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'DISMISSED', 'CONFIRMED')),
      cluster_key text NOT NULL,
      evidence jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      resolved_at timestamptz,
      resolved_by uuid REFERENCES users (id),
      note text CHECK (char_length(note) <= 500),
      CONSTRAINT risk_events_resolved_whole CHECK ((status = 'OPEN') = (resolved_at IS NULL)
                                                 AND (status = 'OPEN') = (note IS NULL))
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX risk_events_open_cluster_key ON risk_events (rule, cluster_key) WHERE status = 'OPEN'`.execute(
    db,
  );
  await sql`CREATE INDEX risk_events_cluster_idx ON risk_events (rule, cluster_key)`.execute(db);
  await sql`CREATE INDEX risk_events_queue_idx ON risk_events (status, severity, created_at DESC)`.execute(db);
  await sql`CREATE INDEX risk_events_created_idx ON risk_events (created_at)`.execute(db);
  await sql`
    CREATE TABLE risk_event_members (
      event_id uuid NOT NULL REFERENCES risk_events (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id),
      joined_at timestamptz NOT NULL,
      PRIMARY KEY (event_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX risk_event_members_user_idx ON risk_event_members (user_id)`.execute(db);
  await sql`
    CREATE TABLE risk_backfill (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      finished_at timestamptz NOT NULL
    )`.execute(db);
}
