import type { RuleFunction } from './rule-function';

/**
 * History is append-only: the trigger function that refuses UPDATE, DELETE and TRUNCATE of the
 * ledger's entries, the audit log, the reward plans and the rewards' closed cycles.
 * @rule HISTORY_APPEND_ONLY
 */
export const refuseHistoryChange: RuleFunction = {
  name: 'refuse_history_change',
  definition: `
    CREATE OR REPLACE FUNCTION refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
    END $$`,
};
