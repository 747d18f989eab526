import { complianceWindowDays } from '@uplink/contract/constants';
import type { RuleFunction } from './rule-function';

/**
 * When a locked credit booked at `locked_at` is forfeited unless its owner is compliant again:
 * the compliance window after it. The release sweep forfeits by it, and the reward statistics and
 * the forfeit notices show it, so the deadline a member reads is the one that is applied.
 * (STABLE: a day is a calendar day in the session's time zone.)
 * @rule FORFEIT_DEADLINE
 */
export const lockedCreditForfeitsAt: RuleFunction = {
  name: 'locked_credit_forfeits_at',
  definition: `
    CREATE OR REPLACE FUNCTION locked_credit_forfeits_at(locked_at timestamptz) RETURNS timestamptz
    LANGUAGE sql STABLE AS $$
      SELECT locked_at + make_interval(days => ${complianceWindowDays})
    $$`,
};
