import { type Kysely, sql } from 'kysely';

/**
 * What the admin area reads at a million members without scanning them.
 *
 * - `users.deleted_at`: an administrator's soft delete. The row stays (the tree, the ledger and
 *   the rewards keep pointing at it) with its personal data blanked.
 * - `user_search_text(...)` is the one text a member search looks in (name, e-mail, user ID and
 *   referral code, lower-cased); a trigram index answers a case-insensitive substring of it.
 * - `user_counts` keeps the admin statistics: members not deleted, grouped by status, verified
 *   e-mail, ever paid and exchange UID linked, kept by triggers in the writing transaction. Who is
 *   paid *now* also depends on the clock: the lapsed are counted from an index over period ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN deleted_at timestamptz`.execute(db);

  await sql`
    CREATE FUNCTION user_search_text(first_name text, last_name text, email text, user_id text, referral_code text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT lower(first_name || ' ' || last_name || ' ' || email || ' ' || user_id || ' ' || referral_code)
    $$`.execute(db);
  await sql`
    CREATE INDEX users_search_idx ON users
     USING gin (user_search_text(first_name, last_name, email, user_id, referral_code) gin_trgm_ops)`.execute(db);
  await sql`
    CREATE INDEX users_lapsed_idx ON users (subscription_period_ends_at)
     WHERE deleted_at IS NULL AND subscription_paid_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX users_created_at_idx ON users (created_at)`.execute(db);

  await sql`
    CREATE TABLE user_counts (
      status text NOT NULL,
      email_verified boolean NOT NULL,
      ever_paid boolean NOT NULL,
      exchange_linked boolean NOT NULL,
      members bigint NOT NULL CHECK (members >= 0),
      PRIMARY KEY (status, email_verified, ever_paid, exchange_linked)
    )`.execute(db);
  await sql`
    INSERT INTO user_counts
    SELECT status, is_email_verified, subscription_paid_at IS NOT NULL, bingx_uid IS NOT NULL, count(*)
      FROM users GROUP BY 1, 2, 3, 4`.execute(db);

  await sql`
    CREATE FUNCTION user_counts_add(group_status text, verified boolean, paid boolean, linked boolean, delta integer)
    RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF delta > 0 THEN
        INSERT INTO user_counts AS c VALUES (group_status, verified, paid, linked, delta)
        ON CONFLICT (status, email_verified, ever_paid, exchange_linked) DO UPDATE SET members = c.members + delta;
      ELSE
        -- The CHECK refuses a count below zero: a counter that drifted fails loudly.
        UPDATE user_counts c SET members = c.members + delta
         WHERE (c.status, c.email_verified, c.ever_paid, c.exchange_linked) = (group_status, verified, paid, linked);
      END IF;
    END $$`.execute(db);

  // Counts one member out of their old group and into the new one. Groups are touched in key
  // order, so two transactions moving members between the same two groups queue, not deadlock.
  await sql`
    CREATE FUNCTION user_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      leaving boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL;
      joining boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL;
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
  await sql`
    CREATE TRIGGER user_counts_follow_insert AFTER INSERT OR DELETE ON users
       FOR EACH ROW EXECUTE FUNCTION user_counts_follow()`.execute(db);
  await sql`
    CREATE TRIGGER user_counts_follow_update
     AFTER UPDATE OF status, is_email_verified, subscription_paid_at, bingx_uid, deleted_at ON users
       FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
                          OR OLD.is_email_verified IS DISTINCT FROM NEW.is_email_verified
                          OR (OLD.subscription_paid_at IS NULL) <> (NEW.subscription_paid_at IS NULL)
                          OR (OLD.bingx_uid IS NULL) <> (NEW.bingx_uid IS NULL)
                          OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
       EXECUTE FUNCTION user_counts_follow()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER user_counts_follow_update ON users`.execute(db);
  await sql`DROP TRIGGER user_counts_follow_insert ON users`.execute(db);
  await sql`DROP FUNCTION user_counts_follow`.execute(db);
  await sql`DROP FUNCTION user_counts_add`.execute(db);
  await sql`DROP TABLE user_counts`.execute(db);
  await sql`DROP INDEX users_created_at_idx`.execute(db);
  await sql`DROP INDEX users_lapsed_idx`.execute(db);
  await sql`DROP INDEX users_search_idx`.execute(db);
  await sql`DROP FUNCTION user_search_text`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN deleted_at`.execute(db);
}
