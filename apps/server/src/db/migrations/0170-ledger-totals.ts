import { type Kysely, sql } from 'kysely';

/**
 * The ledger's totals over every account, for the administrators' figures (issue 34: the admin
 * dashboard's "distributed" total and the sum of the members' Total Earned must be the same kind
 * of figure, and the rewards list's exact sum must be explained by credits, locks, forfeits and
 * carries) without a scan of a million accounts per request.
 *
 * - `ledger_total_changes`: a statement trigger beside the one that applies entries to their
 *   accounts (`ledger_entries_apply`) appends ONE row of what the statement changed (credits posted, locked, forfeited, debits
 *   posted, on hold, carry). Appending takes no lock any other writer waits for, so no write path
 *   gains a lock order (a shared counter row would: the cycle's chunks, withdrawals and DIRECT
 *   credits would queue on it, and deadlock where a transaction books after it).
 * - `ledger_totals`: one row, the changes folded so far. `fold_ledger_totals()` moves the
 *   committed changes into it in one statement (the `ledger-totals-fold` job, every minute, one
 *   runner); readers add the few rows not folded yet, so the figures are exact at any moment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const totals = sql`
    credits_posted numeric(38, 8) NOT NULL DEFAULT 0,
    credits_pending numeric(38, 8) NOT NULL DEFAULT 0,
    credits_forfeited numeric(38, 8) NOT NULL DEFAULT 0,
    debits_posted numeric(38, 8) NOT NULL DEFAULT 0,
    debits_pending numeric(38, 8) NOT NULL DEFAULT 0,
    carry numeric(38, 8) NOT NULL DEFAULT 0`;
  await sql`CREATE TABLE ledger_totals (only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row), ${totals})`.execute(
    db,
  );
  await sql`CREATE TABLE ledger_total_changes (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, ${totals})`.execute(
    db,
  );

  // A trigger of its own beside ledger_entries_apply (0120), over the same transition table.
  await sql`
    CREATE FUNCTION ledger_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ledger_total_changes (credits_posted, credits_pending, credits_forfeited, debits_posted,
                                        debits_pending, carry)
      SELECT sum(CASE kind WHEN 'CREDIT_POSTED' THEN amount WHEN 'CREDIT_RELEASED' THEN amount
                           WHEN 'CREDIT_REVERSED' THEN -amount ELSE 0 END),
             sum(CASE kind WHEN 'CREDIT_PENDING' THEN amount WHEN 'CREDIT_RELEASED' THEN -amount
                           WHEN 'CREDIT_FORFEITED' THEN -amount ELSE 0 END),
             sum(CASE kind WHEN 'CREDIT_FORFEITED' THEN amount ELSE 0 END),
             sum(CASE kind WHEN 'DEBIT_SETTLED' THEN amount ELSE 0 END),
             sum(CASE kind WHEN 'DEBIT_PENDING' THEN amount WHEN 'DEBIT_SETTLED' THEN -amount
                           WHEN 'DEBIT_VOIDED' THEN -amount ELSE 0 END),
             sum(carry_delta)
        FROM added_entries
      HAVING count(*) > 0;
      RETURN NULL;
    END $$`.execute(db);
  // Created before the totals are taken: CREATE TRIGGER holds writers of ledger_entries off until
  // the migration commits, so no entry is missed or counted twice.
  await sql`
    CREATE TRIGGER ledger_totals_follow AFTER INSERT ON ledger_entries
      REFERENCING NEW TABLE AS added_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_follow()`.execute(db);

  await sql`
    CREATE FUNCTION fold_ledger_totals() RETURNS bigint LANGUAGE sql AS $$
      WITH folded AS (
        DELETE FROM ledger_total_changes RETURNING *
      ),
      summed AS (
        SELECT count(*) AS changes,
               coalesce(sum(credits_posted), 0) AS credits_posted, coalesce(sum(credits_pending), 0) AS credits_pending,
               coalesce(sum(credits_forfeited), 0) AS credits_forfeited, coalesce(sum(debits_posted), 0) AS debits_posted,
               coalesce(sum(debits_pending), 0) AS debits_pending, coalesce(sum(carry), 0) AS carry
          FROM folded
      ),
      applied AS (
        UPDATE ledger_totals t
           SET credits_posted = t.credits_posted + s.credits_posted,
               credits_pending = t.credits_pending + s.credits_pending,
               credits_forfeited = t.credits_forfeited + s.credits_forfeited,
               debits_posted = t.debits_posted + s.debits_posted,
               debits_pending = t.debits_pending + s.debits_pending,
               carry = t.carry + s.carry
          FROM summed s
         WHERE s.changes > 0
      )
      SELECT changes FROM summed
    $$`.execute(db);

  // Today's totals.
  await sql`
    INSERT INTO ledger_totals (credits_posted, credits_pending, credits_forfeited, debits_posted, debits_pending, carry)
    SELECT coalesce((SELECT sum(credits_posted) FROM ledger_accounts), 0),
           coalesce((SELECT sum(credits_pending) FROM ledger_accounts), 0),
           coalesce((SELECT sum(amount) FROM ledger_entries WHERE kind = 'CREDIT_FORFEITED'), 0),
           coalesce((SELECT sum(debits_posted) FROM ledger_accounts), 0),
           coalesce((SELECT sum(debits_pending) FROM ledger_accounts), 0),
           coalesce((SELECT sum(carry) FROM ledger_accounts), 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER ledger_totals_follow ON ledger_entries`.execute(db);
  await sql`DROP FUNCTION ledger_totals_follow(), fold_ledger_totals()`.execute(db);
  await sql`DROP TABLE ledger_total_changes, ledger_totals`.execute(db);
}
