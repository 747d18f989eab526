import type { RuleFunction } from './rule-function';

/**
 * Keeps the maintained member counts (`user_counts`: the dashboard, the users list and its
 * statistics) in step with `users`, counting a row only while it is neither deleted nor an
 * administrator: the SQL side of the rule that administrators are not members, whose home is
 * `isListedMember` (db/member-search.ts). It counts one member out of their old group and into the
 * new one, touching groups in key order so that two transactions moving members between the same
 * two groups queue instead of deadlocking. The trigger function behind `user_counts_follow_insert`
 * and `user_counts_follow_update`.
 */
export const userCountsFollow: RuleFunction = {
  name: 'user_counts_follow',
  definition: `
    CREATE OR REPLACE FUNCTION user_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      leaving boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND NOT OLD.is_admin;
      joining boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NOT NEW.is_admin;
      old_first boolean := leaving AND (NOT joining OR
        (OLD.status, OLD.is_email_verified, OLD.subscription_paid_at IS NOT NULL, OLD.bingx_uid IS NOT NULL)
          < (NEW.status, NEW.is_email_verified, NEW.subscription_paid_at IS NOT NULL, NEW.bingx_uid IS NOT NULL));
    BEGIN
      IF old_first THEN
        PERFORM user_counts_add(OLD.status, OLD.is_email_verified, OLD.subscription_paid_at IS NOT NULL,
                                OLD.bingx_uid IS NOT NULL, -1);
      END IF;
      IF joining THEN
        PERFORM user_counts_add(NEW.status, NEW.is_email_verified, NEW.subscription_paid_at IS NOT NULL,
                                NEW.bingx_uid IS NOT NULL, 1);
      END IF;
      IF leaving AND NOT old_first THEN
        PERFORM user_counts_add(OLD.status, OLD.is_email_verified, OLD.subscription_paid_at IS NOT NULL,
                                OLD.bingx_uid IS NOT NULL, -1);
      END IF;
      RETURN NULL;
    END $$`,
};
