import type { RuleFunction } from './rule-function';

/**
 * A reward's history is fixed once written: only its state moves (locked, released, forfeited),
 * never its beneficiary, source, level, cycle, plan, percent or amounts. The trigger function
 * behind the `rewards_state_only` trigger, which fires only when one of those columns changes; the
 * reward statistics' extremes rely on it.
 * @rule REWARD_CHANGES_ONLY_ITS_STATE
 */
export const rewardsStateOnly: RuleFunction = {
  name: 'rewards_state_only',
  definition: `
    CREATE OR REPLACE FUNCTION rewards_state_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'reward % can change only its state', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'rewards_state_only';
    END $$`,
};
