import { type Kysely, sql } from 'kysely';

/**
 * The ledger in whole cents with the carried remainder (DESIGN.md section 5).
 *
 * - Reward rows stay exact (8 decimals); a credit books the cent part of the beneficiary's exact
 *   sum plus what they carried before, rounded down, and carries the rest (< 0.01) to their next
 *   credit: `ledger_entries.carry_delta` = exact − amount, and `ledger_accounts.carry`, like the
 *   four totals, is written only by the statement trigger (Σ carry_delta of the account).
 *   So for every member Σ exact rewards = Σ opening credits (reversals subtracted) + carry.
 * - A credit under a cent is a zero-amount entry whose carry_delta is positive: the cycle is still
 *   booked once per account, and its settlement (released, forfeited) is zero as well.
 * - New opening entries are whole cents (`ledger_entries_whole_cents`, NOT VALID: older entries
 *   keep the exact amounts they were booked with, and a settlement is checked by matching its
 *   pending entry instead).
 * - Conversion: each account's available balance is made whole cents by one CREDIT_REVERSED entry
 *   (reason CENTS_CONVERSION) of its sub-cent part, whose carry_delta is that same part — it moves
 *   from the balance to the carry, so no member's exact total changes, and the balance can be
 *   withdrawn to 0.00. Withdrawal holds were already whole cents (the contract allows 2 decimals);
 *   an open locked credit with sub-cent digits keeps them (its settlement must match it); when it
 *   is released, `carryReleasedRemainders` moves those digits from the balance to the carry the
 *   same way (or, when the carry reaches a cent, credits the cent's missing part), in the
 *   release's transaction — the only entries under a cent that are not whole cents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE ledger_accounts
      ADD COLUMN carry numeric(38, 8) NOT NULL DEFAULT 0,
      ADD CONSTRAINT ledger_accounts_carry_below_a_cent CHECK (carry >= 0 AND carry < 0.01)`.execute(db);
  await sql`
    ALTER TABLE ledger_entries
      ADD COLUMN carry_delta numeric(38, 8) NOT NULL DEFAULT 0,
      ADD CONSTRAINT ledger_entries_carry_of_credits CHECK (
        carry_delta = 0 OR (kind IN ('CREDIT_POSTED', 'CREDIT_PENDING', 'CREDIT_REVERSED')
                            AND carry_delta > -0.01 AND carry_delta < 0.01)),
      DROP CONSTRAINT ledger_entries_amount_check,
      ADD CONSTRAINT ledger_entries_amount_positive CHECK (
        amount > 0
        OR (amount = 0 AND settles_entry_id IS NULL AND kind IN ('CREDIT_POSTED', 'CREDIT_PENDING') AND carry_delta > 0)
        OR (amount = 0 AND kind IN ('CREDIT_RELEASED', 'CREDIT_FORFEITED')))`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION ledger_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
             carry = a.carry + d.carry,
             updated_at = now()
        FROM (SELECT account_id,
                     sum(CASE kind WHEN 'CREDIT_POSTED' THEN amount WHEN 'CREDIT_RELEASED' THEN amount
                                   WHEN 'CREDIT_REVERSED' THEN -amount ELSE 0 END) AS credits_posted,
                     sum(CASE kind WHEN 'CREDIT_PENDING' THEN amount WHEN 'CREDIT_RELEASED' THEN -amount
                                   WHEN 'CREDIT_FORFEITED' THEN -amount ELSE 0 END) AS credits_pending,
                     sum(CASE kind WHEN 'DEBIT_SETTLED' THEN amount ELSE 0 END) AS debits_posted,
                     sum(CASE kind WHEN 'DEBIT_PENDING' THEN amount WHEN 'DEBIT_SETTLED' THEN -amount
                                   WHEN 'DEBIT_VOIDED' THEN -amount ELSE 0 END) AS debits_pending,
                     sum(carry_delta) AS carry
                FROM added_entries
               GROUP BY account_id) AS d
       WHERE a.user_id = d.account_id;
      PERFORM set_config('uplink.ledger_posting', 'off', true);
      RETURN NULL;
    END $$`.execute(db);

  // The conversion: the sub-cent part of each available balance moves to the carry.
  await sql`
    INSERT INTO ledger_entries (account_id, kind, amount, carry_delta, reason_type, reason_id, created_at)
    SELECT user_id, 'CREDIT_REVERSED', remainder, remainder, 'CENTS_CONVERSION', '0120', now()
      FROM (SELECT user_id,
                   (credits_posted - debits_posted - debits_pending)
                     - trunc(credits_posted - debits_posted - debits_pending, 2) AS remainder
              FROM ledger_accounts) AS a
     WHERE remainder > 0
     ORDER BY user_id`.execute(db);

  await sql`
    ALTER TABLE ledger_entries
      ADD CONSTRAINT ledger_entries_whole_cents CHECK (
        settles_entry_id IS NOT NULL OR reason_type = 'CENTS_CONVERSION' OR amount = trunc(amount, 2))
      NOT VALID`.execute(db);
}

/** Not reversible: the carries would be lost with their column (and entries are append-only). */
export async function down(): Promise<void> {
  throw new Error('0120-ledger-cents cannot be undone: members’ carried remainders live only in its column');
}
