import type { RuleFunction } from './rule-function';

/**
 * The conditions of compliance a member fails at `at` (none: their new rewards are credited at
 * once, otherwise locked): a paid subscription, a linked exchange UID, an exchange balance of at
 * least `minimum_balance` and copying the master trader (`member_is_copying`, passed in).
 * @rule COMPLIANCE_LOCK
 */
export const memberComplianceFailures: RuleFunction = {
  name: 'member_compliance_failures',
  definition: `
    CREATE OR REPLACE FUNCTION member_compliance_failures(
      member users, at timestamptz, minimum_balance numeric, copying boolean) RETURNS text[]
    LANGUAGE sql IMMUTABLE AS $$
      SELECT array_remove(ARRAY[
        CASE WHEN NOT subscription_is_paid(member.subscription_paid_at, member.subscription_period_ends_at, at)
             THEN 'SUBSCRIPTION_UNPAID' END,
        CASE WHEN member.bingx_uid IS NULL THEN 'EXCHANGE_UID_MISSING' END,
        CASE WHEN member.bingx_uid IS NOT NULL AND coalesce(member.bingx_balance, 0) < minimum_balance
             THEN 'BALANCE_BELOW_MINIMUM' END,
        CASE WHEN member.bingx_uid IS NOT NULL AND NOT copying THEN 'NOT_COPYING' END
      ], NULL)
    $$`,
};
