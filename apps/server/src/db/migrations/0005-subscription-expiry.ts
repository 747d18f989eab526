import { type Kysely, sql } from 'kysely';

/**
 * "Paid" in the referral statistics means what it means on the profile: a subscription whose
 * period has not ended. The closure flag now follows the period end as well as the payment, and
 * `subscription_expiry_checkpoint` remembers up to when lapsed periods were swept, so each sweep
 * touches only the members whose period ended since the last one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION subscription_is_paid(paid_at timestamptz, period_ends_at timestamptz) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT paid_at IS NOT NULL AND (period_ends_at IS NULL OR period_ends_at > now())
    $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION referral_closure_fill_member() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT u.status, u.created_at, subscription_is_paid(u.subscription_paid_at, u.subscription_period_ends_at),
             u.bingx_uid IS NOT NULL
        INTO NEW.member_status, NEW.member_joined_at, NEW.member_subscription_paid, NEW.member_bingx_linked
        FROM users u WHERE u.id = NEW.descendant_id;
      RETURN NEW;
    END $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION users_copy_member_flags() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE referral_closure
         SET member_status = NEW.status,
             member_subscription_paid = subscription_is_paid(NEW.subscription_paid_at, NEW.subscription_period_ends_at),
             member_bingx_linked = NEW.bingx_uid IS NOT NULL
       WHERE descendant_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER users_copy_member_flags ON users`.execute(db);
  await sql`
    CREATE TRIGGER users_copy_member_flags
      AFTER UPDATE OF status, subscription_paid_at, subscription_period_ends_at, bingx_uid ON users
       FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
                          OR OLD.subscription_paid_at IS DISTINCT FROM NEW.subscription_paid_at
                          OR OLD.subscription_period_ends_at IS DISTINCT FROM NEW.subscription_period_ends_at
                          OR (OLD.bingx_uid IS NULL) <> (NEW.bingx_uid IS NULL))
       EXECUTE FUNCTION users_copy_member_flags()`.execute(db);

  // Periods that already ended before this migration are swept now.
  await sql`
    UPDATE referral_closure c
       SET member_subscription_paid = false
      FROM users u
     WHERE u.id = c.descendant_id
       AND c.member_subscription_paid
       AND NOT subscription_is_paid(u.subscription_paid_at, u.subscription_period_ends_at)`.execute(db);

  await sql`CREATE INDEX users_subscription_period_ends_at_idx ON users (subscription_period_ends_at)`.execute(db);
  await sql`
    CREATE TABLE subscription_expiry_checkpoint (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      swept_until timestamptz NOT NULL
    )`.execute(db);
  await sql`INSERT INTO subscription_expiry_checkpoint (swept_until) VALUES (now())`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE subscription_expiry_checkpoint`.execute(db);
  await sql`DROP INDEX users_subscription_period_ends_at_idx`.execute(db);
}
