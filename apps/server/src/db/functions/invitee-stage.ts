import type { RuleFunction } from './rule-function';

/**
 * An invitee's stage: the first hurdle they have not passed, in the funnel's order; "UID linked"
 * stays until the exchange balance meets the compliance line (`member_compliance_failures`).
 * @rule INVITEE_STAGE
 */
export const inviteeStage: RuleFunction = {
  name: 'invitee_stage',
  definition: `
    CREATE OR REPLACE FUNCTION invitee_stage(member users, paid boolean, paying boolean, copying boolean, minimum_balance numeric)
    RETURNS text LANGUAGE sql STABLE AS $$
      SELECT CASE
        WHEN NOT member.is_email_verified THEN 'REGISTERED'
        WHEN NOT paid AND paying THEN 'PARTLY_PAID'
        WHEN NOT paid THEN 'EMAIL_VERIFIED'
        WHEN member.bingx_uid IS NULL THEN 'SUBSCRIPTION_PAID'
        WHEN member.bingx_kyc IS FALSE
          OR 'BALANCE_BELOW_MINIMUM' = ANY (member_compliance_failures(member, now(), minimum_balance, true))
          THEN 'UID_LINKED'
        WHEN NOT copying THEN 'ELIGIBLE'
        ELSE 'EARNING'
      END
    $$`,
};
