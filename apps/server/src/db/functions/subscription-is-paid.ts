import type { RuleFunction } from './rule-function';

/**
 * "Paid subscription" at a given time, in SQL: the twin of `hasPaidSubscription`
 * (modules/subscription/subscription-status.ts, the rule's home), which a test pins it to.
 */
export const subscriptionIsPaid: RuleFunction = {
  name: 'subscription_is_paid',
  definition: `
    CREATE OR REPLACE FUNCTION subscription_is_paid(paid_at timestamptz, period_ends_at timestamptz, at timestamptz)
    RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
      SELECT paid_at IS NOT NULL AND (period_ends_at IS NULL OR period_ends_at > at)
    $$`,
};
