import type { RuleFunction } from './rule-function';

/**
 * A decision is final: only PENDING withdrawals change, and only their decision columns (the
 * trigger function behind the `withdrawals_decided_once` trigger).
 * @rule WITHDRAWAL_DECIDED_ONCE
 */
export const withdrawalsDecidedOnce: RuleFunction = {
  name: 'withdrawals_decided_once',
  definition: `
    CREATE OR REPLACE FUNCTION withdrawals_decided_once() RETURNS trigger LANGUAGE plpgsql AS $$
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
    END $$`,
};
