import { type Kysely, sql } from 'kysely';

/**
 * The money ledger (after TigerBeetle's accounts and transfers) and the
 * administrators' audit log.
 *
 * - One `ledger_accounts` row per member holds four running totals. Nothing writes them but the
 *   statement trigger on `ledger_entries`, so a balance changes only through an entry, in the
 *   entry's own transaction; a direct UPDATE of an account is refused.
 * - `ledger_accounts_no_overdraft` keeps `debits_posted + debits_pending <= credits_posted`: a hold
 *   or a reversal beyond the available balance fails inside the database, whatever code wrote it
 *   (@rule NO_OVERDRAFT).
 * - An opening entry (credit, locked credit, hold, reversal) is unique per account and reason, so a
 *   reward, a cycle or a withdrawal can be booked once (@rule ONE_BOOKING_PER_REASON); a pending entry is settled (posted or
 *   voided) at most once, by an entry of the same account, amount and matching kind.
 * - Entries and audit rows are append-only: UPDATE, DELETE and TRUNCATE are refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_accounts (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      credits_posted numeric(38, 8) NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
      credits_pending numeric(38, 8) NOT NULL DEFAULT 0 CHECK (credits_pending >= 0),
      debits_posted numeric(38, 8) NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
      debits_pending numeric(38, 8) NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ledger_accounts_no_overdraft CHECK (debits_posted + debits_pending <= credits_posted)
    )`.execute(db);

  // Every member has an account from the moment they exist (bulk loaders included).
  await sql`
    CREATE FUNCTION ledger_accounts_open() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ledger_accounts (user_id) SELECT id FROM added_users ON CONFLICT (user_id) DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_accounts_open AFTER INSERT ON users
       REFERENCING NEW TABLE AS added_users
       FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_open()`.execute(db);
  await sql`INSERT INTO ledger_accounts (user_id) SELECT id FROM users`.execute(db);

  await sql`
    CREATE TABLE ledger_entries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES ledger_accounts(user_id),
      kind text NOT NULL CHECK (kind IN (
        'CREDIT_POSTED', 'CREDIT_PENDING', 'CREDIT_RELEASED', 'CREDIT_FORFEITED', 'CREDIT_REVERSED',
        'DEBIT_PENDING', 'DEBIT_SETTLED', 'DEBIT_VOIDED')),
      amount numeric(38, 8) NOT NULL CHECK (amount > 0),
      reason_type text NOT NULL,
      reason_id text NOT NULL,
      settles_entry_id bigint REFERENCES ledger_entries(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ledger_entries_settlement_kind CHECK (
        (kind IN ('CREDIT_RELEASED', 'CREDIT_FORFEITED', 'DEBIT_SETTLED', 'DEBIT_VOIDED')) = (settles_entry_id IS NOT NULL))
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX ledger_entries_reason_once
        ON ledger_entries (account_id, reason_type, reason_id) WHERE settles_entry_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_entries_settled_once ON ledger_entries (settles_entry_id)`.execute(db);
  await sql`CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id DESC)`.execute(db);

  // Applies a statement's entries to the accounts in one UPDATE (a cycle books a million entries
  // in one statement). The flag lets this trigger, and nothing else, write the totals.
  await sql`
    CREATE FUNCTION ledger_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (
        SELECT 1
          FROM added_entries e
          JOIN ledger_entries pending ON pending.id = e.settles_entry_id
         WHERE pending.account_id <> e.account_id
            OR pending.amount <> e.amount
            OR pending.kind <> CASE WHEN e.kind IN ('CREDIT_RELEASED', 'CREDIT_FORFEITED') THEN 'CREDIT_PENDING'
                                    ELSE 'DEBIT_PENDING' END)
      THEN
        RAISE EXCEPTION 'a settlement must match its pending entry (account, amount and kind)'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_settles_pending';
      END IF;
      PERFORM set_config('uplink.ledger_posting', 'on', true);
      UPDATE ledger_accounts a
         SET credits_posted = a.credits_posted + d.credits_posted,
             credits_pending = a.credits_pending + d.credits_pending,
             debits_posted = a.debits_posted + d.debits_posted,
             debits_pending = a.debits_pending + d.debits_pending,
             updated_at = now()
        FROM (SELECT account_id,
                     sum(CASE kind WHEN 'CREDIT_POSTED' THEN amount WHEN 'CREDIT_RELEASED' THEN amount
                                   WHEN 'CREDIT_REVERSED' THEN -amount ELSE 0 END) AS credits_posted,
                     sum(CASE kind WHEN 'CREDIT_PENDING' THEN amount WHEN 'CREDIT_RELEASED' THEN -amount
                                   WHEN 'CREDIT_FORFEITED' THEN -amount ELSE 0 END) AS credits_pending,
                     sum(CASE kind WHEN 'DEBIT_SETTLED' THEN amount ELSE 0 END) AS debits_posted,
                     sum(CASE kind WHEN 'DEBIT_PENDING' THEN amount WHEN 'DEBIT_SETTLED' THEN -amount
                                   WHEN 'DEBIT_VOIDED' THEN -amount ELSE 0 END) AS debits_pending
                FROM added_entries
               GROUP BY account_id) AS d
       WHERE a.user_id = d.account_id;
      PERFORM set_config('uplink.ledger_posting', 'off', true);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
       REFERENCING NEW TABLE AS added_entries
       FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_apply()`.execute(db);

  await sql`
    CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('uplink.ledger_posting', true) IS DISTINCT FROM 'on' THEN
        RAISE EXCEPTION 'ledger account totals change only through ledger entries'
          USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
       FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_guard()`.execute(db);

  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_id uuid REFERENCES users(id),
      action text NOT NULL,
      target_type text NOT NULL,
      target_id text NOT NULL,
      before jsonb,
      after jsonb,
      ip_address text,
      request_id text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC)`.execute(db);

  await sql`
    CREATE FUNCTION refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  for (const table of ['ledger_entries', 'audit_log']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
         FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_no_truncate`)} BEFORE TRUNCATE ON ${sql.table(table)}
         FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_log`.execute(db);
  await sql`DROP TABLE ledger_entries`.execute(db);
  await sql`DROP TRIGGER ledger_accounts_open ON users`.execute(db);
  await sql`DROP TABLE ledger_accounts`.execute(db);
  await sql`DROP FUNCTION refuse_history_change, ledger_accounts_guard, ledger_entries_apply, ledger_accounts_open`.execute(
    db,
  );
}
