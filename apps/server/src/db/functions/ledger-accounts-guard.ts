import type { RuleFunction } from './rule-function';

/**
 * A balance changes only through ledger entries: the trigger function behind the
 * `ledger_accounts_guard` trigger refuses any update of an account's totals except the one the
 * entries' own trigger (`ledger_entries_apply`) makes while it sets `uplink.ledger_posting`.
 * @rule BALANCE_MOVES_ONLY_BY_ENTRIES
 */
export const ledgerAccountsGuard: RuleFunction = {
  name: 'ledger_accounts_guard',
  definition: `
    CREATE OR REPLACE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('uplink.ledger_posting', true) IS DISTINCT FROM 'on' THEN
        RAISE EXCEPTION 'ledger account totals change only through ledger entries'
          USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN NULL;
    END $$`,
};
