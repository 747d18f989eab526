import { type Kysely, sql } from 'kysely';

/**
 * Withdrawals and the one-time codes that authorise them.
 *
 * - A code is stored as an HMAC (a 6-digit code hashed without a secret is guessed offline in a
 *   million tries), lives 10 minutes, takes 5 wrong tries, and authorises one withdrawal: the
 *   withdrawal names its code, and `withdrawals_code_once` refuses a second one.
 * - A withdrawal holds its amount on the ledger (a pending debit, written in the same
 *   transaction); the ledger's own CHECK refuses a hold beyond the available balance.
 * - `withdrawals_wallet_pending` keeps a wallet address in at most one pending withdrawal, and a
 *   transaction hash proves at most one withdrawal.
 * - A decided withdrawal is final: PENDING → APPROVED / REJECTED / BLOCKED_COMPLIANCE only, once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE withdrawal_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      -- Issue order: the newest code is the one that counts, even when two share a timestamp.
      seq bigint GENERATED ALWAYS AS IDENTITY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      verified_at timestamptz,
      used_at timestamptz,
      CHECK (used_at IS NULL OR verified_at IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX withdrawal_codes_user_idx ON withdrawal_codes (user_id, seq DESC)`.execute(db);

  await sql`
    CREATE TABLE withdrawals (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      amount numeric(38, 8) NOT NULL CHECK (amount > 0),
      asset text NOT NULL DEFAULT 'USDT' CHECK (asset = 'USDT'),
      wallet_address text NOT NULL CHECK (wallet_address ~ '^0x[0-9a-fA-F]{40}$'),
      status text NOT NULL DEFAULT 'PENDING'
        CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'BLOCKED_COMPLIANCE')),
      reason text,
      transaction_hash text,
      code_id uuid NOT NULL REFERENCES withdrawal_codes(id),
      hold_entry_id bigint NOT NULL REFERENCES ledger_entries(id),
      requested_at timestamptz NOT NULL,
      processed_at timestamptz,
      processed_by uuid REFERENCES users(id),
      CONSTRAINT withdrawals_code_once UNIQUE (code_id),
      CONSTRAINT withdrawals_transaction_once UNIQUE (transaction_hash),
      CONSTRAINT withdrawals_processed_when_decided CHECK ((status = 'PENDING') = (processed_at IS NULL)),
      CONSTRAINT withdrawals_rejection_reason CHECK (status <> 'REJECTED' OR coalesce(btrim(reason), '') <> ''),
      CONSTRAINT withdrawals_approval_hash CHECK (status <> 'APPROVED' OR transaction_hash IS NOT NULL)
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX withdrawals_wallet_pending ON withdrawals (lower(wallet_address)) WHERE status = 'PENDING'`.execute(
    db,
  );
  await sql`CREATE INDEX withdrawals_member_idx ON withdrawals (user_id, requested_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX withdrawals_requested_idx ON withdrawals (requested_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX withdrawals_status_idx ON withdrawals (status, requested_at DESC)`.execute(db);

  // A decision is final: only PENDING rows change, and only their decision columns.
  await sql`
    CREATE FUNCTION withdrawals_decided_once() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status <> 'PENDING' THEN
        RAISE EXCEPTION 'withdrawal % was already processed', OLD.id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'withdrawals_decided_once';
      END IF;
      IF (NEW.user_id, NEW.amount, NEW.wallet_address, NEW.code_id, NEW.hold_entry_id, NEW.requested_at)
         IS DISTINCT FROM (OLD.user_id, OLD.amount, OLD.wallet_address, OLD.code_id, OLD.hold_entry_id, OLD.requested_at) THEN
        RAISE EXCEPTION 'a withdrawal request cannot be edited'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'withdrawals_decided_once';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER withdrawals_decided_once BEFORE UPDATE ON withdrawals
       FOR EACH ROW EXECUTE FUNCTION withdrawals_decided_once()`.execute(db);
  // Count and amount per status, kept by the writers' own transactions: the administrators'
  // statistics read four rows, whatever the number of withdrawals. Rows change in status order,
  // so two transactions moving withdrawals cannot deadlock on them.
  await sql`
    CREATE TABLE withdrawal_totals (
      status text PRIMARY KEY,
      withdrawals bigint NOT NULL DEFAULT 0,
      amount numeric(38, 8) NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    INSERT INTO withdrawal_totals (status) VALUES ('APPROVED'), ('BLOCKED_COMPLIANCE'), ('PENDING'), ('REJECTED')`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION withdrawal_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      moved text;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE withdrawal_totals SET withdrawals = withdrawals + 1, amount = amount + NEW.amount WHERE status = NEW.status;
      ELSIF OLD.status <> NEW.status THEN
        FOR moved IN SELECT unnest(ARRAY[OLD.status, NEW.status]) ORDER BY 1 LOOP
          UPDATE withdrawal_totals
             SET withdrawals = withdrawals + CASE WHEN moved = NEW.status THEN 1 ELSE -1 END,
                 amount = amount + CASE WHEN moved = NEW.status THEN NEW.amount ELSE -OLD.amount END
           WHERE status = moved;
        END LOOP;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER withdrawal_totals_follow AFTER INSERT OR UPDATE OF status ON withdrawals
       FOR EACH ROW EXECUTE FUNCTION withdrawal_totals_follow()`.execute(db);
  await sql`
    CREATE TRIGGER withdrawals_no_delete BEFORE DELETE ON withdrawals
       FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE withdrawal_totals, withdrawals, withdrawal_codes`.execute(db);
  await sql`DROP FUNCTION withdrawals_decided_once, withdrawal_totals_follow`.execute(db);
}
