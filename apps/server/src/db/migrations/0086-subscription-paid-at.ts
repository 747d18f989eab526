import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * One SQL statement of "paid subscription", taking the time it judges at as a parameter, so a
 * query run with the application's clock judges as the TypeScript rule (`hasPaidSubscription`,
 * modules/subscription/subscription-status.ts) does; a test pins the two to the same answers.
 * The closure triggers judge at the time of the write (now()); the compliance rule at the time
 * it is given, where it restated the rule until now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION subscription_is_paid(paid_at timestamptz, period_ends_at timestamptz, at timestamptz)
    RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
      SELECT paid_at IS NOT NULL AND (period_ends_at IS NULL OR period_ends_at > at)
    $$`.execute(db);
  await replaceMemberFlagTriggers(db, sql`, now()`);
  await sql`DROP FUNCTION subscription_is_paid(timestamptz, timestamptz)`.execute(db);

  await sql`
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
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION member_compliance_failures(
      member users, at timestamptz, minimum_balance numeric, copying boolean) RETURNS text[]
    LANGUAGE sql IMMUTABLE AS $$
      SELECT array_remove(ARRAY[
        CASE WHEN member.subscription_paid_at IS NULL OR member.subscription_period_ends_at <= at
             THEN 'SUBSCRIPTION_UNPAID' END,
        CASE WHEN member.bingx_uid IS NULL THEN 'EXCHANGE_UID_MISSING' END,
        CASE WHEN member.bingx_uid IS NOT NULL AND coalesce(member.bingx_balance, 0) < minimum_balance
             THEN 'BALANCE_BELOW_MINIMUM' END,
        CASE WHEN member.bingx_uid IS NOT NULL AND NOT copying THEN 'NOT_COPYING' END
      ], NULL)
    $$`.execute(db);
  await sql`
    CREATE FUNCTION subscription_is_paid(paid_at timestamptz, period_ends_at timestamptz) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT paid_at IS NOT NULL AND (period_ends_at IS NULL OR period_ends_at > now())
    $$`.execute(db);
  await replaceMemberFlagTriggers(db, sql``);
  await sql`DROP FUNCTION subscription_is_paid(timestamptz, timestamptz, timestamptz)`.execute(db);
}

/** The closure's member flags, judged by `subscription_is_paid` with `time` as its last arguments. */
async function replaceMemberFlagTriggers(db: Kysely<unknown>, time: RawBuilder<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION referral_closure_fill_member() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT u.status, u.created_at,
             subscription_is_paid(u.subscription_paid_at, u.subscription_period_ends_at${time}),
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
             member_subscription_paid =
               subscription_is_paid(NEW.subscription_paid_at, NEW.subscription_period_ends_at${time}),
             member_bingx_linked = NEW.bingx_uid IS NOT NULL
       WHERE descendant_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
}
