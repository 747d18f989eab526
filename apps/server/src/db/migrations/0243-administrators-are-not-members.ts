import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Administrators are not members (issue 43): the maintained member counts (`user_counts`, which
 * the dashboard, the users list and its statistics read) leave them out, as every member list,
 * report and export now does. The trigger counts a row only while it is neither deleted nor an
 * administrator, follows a change of `is_admin` too, and the counts are recounted once from the
 * rows (into slot 0, as the first count was).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await followCounts(db, sql`AND NOT OLD.is_admin`, sql`AND NOT NEW.is_admin`);
  await sql`DROP TRIGGER user_counts_follow_update ON users`.execute(db);
  await sql`
    CREATE TRIGGER user_counts_follow_update
     AFTER UPDATE OF status, is_email_verified, subscription_paid_at, bingx_uid, deleted_at, is_admin ON users
       FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
                          OR OLD.is_email_verified IS DISTINCT FROM NEW.is_email_verified
                          OR (OLD.subscription_paid_at IS NULL) <> (NEW.subscription_paid_at IS NULL)
                          OR (OLD.bingx_uid IS NULL) <> (NEW.bingx_uid IS NULL)
                          OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
                          OR OLD.is_admin <> NEW.is_admin)
       EXECUTE FUNCTION user_counts_follow()`.execute(db);
  await recount(db, sql`AND NOT is_admin`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await followCounts(db, sql``, sql``);
  await sql`DROP TRIGGER user_counts_follow_update ON users`.execute(db);
  await sql`
    CREATE TRIGGER user_counts_follow_update
     AFTER UPDATE OF status, is_email_verified, subscription_paid_at, bingx_uid, deleted_at ON users
       FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
                          OR OLD.is_email_verified IS DISTINCT FROM NEW.is_email_verified
                          OR (OLD.subscription_paid_at IS NULL) <> (NEW.subscription_paid_at IS NULL)
                          OR (OLD.bingx_uid IS NULL) <> (NEW.bingx_uid IS NULL)
                          OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
       EXECUTE FUNCTION user_counts_follow()`.execute(db);
  await recount(db, sql``);
}

/** Migration 0050's trigger function, counting only the rows the conditions let in. */
function followCounts(db: Kysely<unknown>, oldCounted: RawBuilder<unknown>, newCounted: RawBuilder<unknown>) {
  return sql`
    CREATE OR REPLACE FUNCTION user_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      leaving boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL ${oldCounted};
      joining boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL ${newCounted};
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
    END $$`.execute(db);
}

async function recount(db: Kysely<unknown>, counted: RawBuilder<unknown>): Promise<void> {
  await sql`DELETE FROM user_counts`.execute(db);
  await sql`
    INSERT INTO user_counts (status, email_verified, ever_paid, exchange_linked, slot, members)
    SELECT status, is_email_verified, subscription_paid_at IS NOT NULL, bingx_uid IS NOT NULL, 0, count(*)
      FROM users WHERE deleted_at IS NULL ${counted} GROUP BY 1, 2, 3, 4`.execute(db);
}
