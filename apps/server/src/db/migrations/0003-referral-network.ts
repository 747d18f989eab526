import { type Kysely, sql } from 'kysely';

/**
 * The referral network at the scale of a million members.
 *
 * - Each closure row carries the descendant's status, joined date and the two onboarding flags,
 *   so a member's history page is an index range scan per (level, status) that is already in
 *   joined-date order, without touching `users` for anything but the ten rows shown.
 * - `referral_downline_counts` keeps, per member, how many downline members sit at each level in
 *   each (status, paid, linked) combination. The statistics of any filtered history and of the
 *   tree are sums over at most 15 × 12 rows, whatever the size of the downline.
 * - Both are maintained by triggers, so every writer of `users` (registration, subscription,
 *   exchange linking, administrators) keeps them right without knowing they exist.
 * - `rewards` is created here, empty, so the tree can join what the caller earned from each
 *   member now; the rewards capability adds its own constraints and indexes later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE referral_closure
      ADD COLUMN member_status text,
      ADD COLUMN member_joined_at timestamptz,
      ADD COLUMN member_subscription_paid boolean,
      ADD COLUMN member_bingx_linked boolean`.execute(db);
  await sql`
    UPDATE referral_closure c
       SET member_status = u.status,
           member_joined_at = u.created_at,
           member_subscription_paid = u.subscription_paid_at IS NOT NULL,
           member_bingx_linked = u.bingx_uid IS NOT NULL
      FROM users u
     WHERE u.id = c.descendant_id`.execute(db);
  await sql`
    ALTER TABLE referral_closure
      ALTER COLUMN member_status SET NOT NULL,
      ALTER COLUMN member_joined_at SET NOT NULL,
      ALTER COLUMN member_subscription_paid SET NOT NULL,
      ALTER COLUMN member_bingx_linked SET NOT NULL`.execute(db);
  await sql`
    CREATE INDEX referral_closure_history_idx
        ON referral_closure (ancestor_id, depth, member_status, member_joined_at DESC, descendant_id DESC)`.execute(db);

  // A closure row inserted with only (ancestor, descendant, depth) — registration — gets the
  // member columns from users; bulk loaders that fill them skip the lookup (the WHEN clause).
  await sql`
    CREATE FUNCTION referral_closure_fill_member() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT u.status, u.created_at, u.subscription_paid_at IS NOT NULL, u.bingx_uid IS NOT NULL
        INTO NEW.member_status, NEW.member_joined_at, NEW.member_subscription_paid, NEW.member_bingx_linked
        FROM users u WHERE u.id = NEW.descendant_id;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER referral_closure_fill_member BEFORE INSERT ON referral_closure
       FOR EACH ROW WHEN (NEW.member_status IS NULL OR NEW.member_joined_at IS NULL
                          OR NEW.member_subscription_paid IS NULL OR NEW.member_bingx_linked IS NULL)
       EXECUTE FUNCTION referral_closure_fill_member()`.execute(db);

  // A change of status or onboarding flags is copied onto the member's (at most 15) closure rows.
  await sql`
    CREATE FUNCTION users_copy_member_flags() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE referral_closure
         SET member_status = NEW.status,
             member_subscription_paid = NEW.subscription_paid_at IS NOT NULL,
             member_bingx_linked = NEW.bingx_uid IS NOT NULL
       WHERE descendant_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_copy_member_flags AFTER UPDATE OF status, subscription_paid_at, bingx_uid ON users
       FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
                          OR (OLD.subscription_paid_at IS NULL) <> (NEW.subscription_paid_at IS NULL)
                          OR (OLD.bingx_uid IS NULL) <> (NEW.bingx_uid IS NULL))
       EXECUTE FUNCTION users_copy_member_flags()`.execute(db);

  await sql`
    CREATE TABLE referral_downline_counts (
      ancestor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      depth smallint NOT NULL CHECK (depth BETWEEN 1 AND 15),
      member_status text NOT NULL,
      subscription_paid boolean NOT NULL,
      bingx_linked boolean NOT NULL,
      -- No CHECK (members >= 0): PostgreSQL checks the proposed row of an upsert before it
      -- finds the conflict, so the negative delta of a status change would be refused.
      members integer NOT NULL,
      PRIMARY KEY (ancestor_id, depth, member_status, subscription_paid, bingx_linked)
    )`.execute(db);

  // The counters follow the closure rows set-based (one statement per INSERT/UPDATE/DELETE of
  // closure rows, however many rows it touches). Rows are upserted in key order so concurrent
  // registrations under shared uplines lock them in the same order and cannot deadlock.
  await sql`
    CREATE FUNCTION referral_downline_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO referral_downline_counts AS c
             (ancestor_id, depth, member_status, subscription_paid, bingx_linked, members)
      SELECT ancestor_id, depth, member_status, member_subscription_paid, member_bingx_linked, count(*)
        FROM added
       GROUP BY 1, 2, 3, 4, 5
       ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (ancestor_id, depth, member_status, subscription_paid, bingx_linked)
      DO UPDATE SET members = c.members + EXCLUDED.members;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER referral_downline_counts_add AFTER INSERT ON referral_closure
       REFERENCING NEW TABLE AS added
       FOR EACH STATEMENT EXECUTE FUNCTION referral_downline_counts_add()`.execute(db);

  await sql`
    CREATE FUNCTION referral_downline_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO referral_downline_counts AS c
             (ancestor_id, depth, member_status, subscription_paid, bingx_linked, members)
      SELECT ancestor_id, depth, member_status, member_subscription_paid, member_bingx_linked, sum(delta)
        FROM (SELECT ancestor_id, depth, member_status, member_subscription_paid, member_bingx_linked, 1 AS delta
                FROM moved_to
              UNION ALL
              SELECT ancestor_id, depth, member_status, member_subscription_paid, member_bingx_linked, -1
                FROM moved_from) AS change
       GROUP BY 1, 2, 3, 4, 5
      HAVING sum(delta) <> 0
       ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (ancestor_id, depth, member_status, subscription_paid, bingx_linked)
      DO UPDATE SET members = c.members + EXCLUDED.members;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER referral_downline_counts_move AFTER UPDATE ON referral_closure
       REFERENCING OLD TABLE AS moved_from NEW TABLE AS moved_to
       FOR EACH STATEMENT EXECUTE FUNCTION referral_downline_counts_move()`.execute(db);

  // On delete only existing counters are lowered: when the ancestor itself is being deleted its
  // counters are already gone (cascade) and must not be re-inserted.
  await sql`
    CREATE FUNCTION referral_downline_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE referral_downline_counts c
         SET members = c.members - removed_counts.members
        FROM (SELECT ancestor_id, depth, member_status, member_subscription_paid, member_bingx_linked,
                     count(*) AS members
                FROM removed
               GROUP BY 1, 2, 3, 4, 5) AS removed_counts
       WHERE c.ancestor_id = removed_counts.ancestor_id
         AND c.depth = removed_counts.depth
         AND c.member_status = removed_counts.member_status
         AND c.subscription_paid = removed_counts.member_subscription_paid
         AND c.bingx_linked = removed_counts.member_bingx_linked;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER referral_downline_counts_remove AFTER DELETE ON referral_closure
       REFERENCING OLD TABLE AS removed
       FOR EACH STATEMENT EXECUTE FUNCTION referral_downline_counts_remove()`.execute(db);

  await sql`
    INSERT INTO referral_downline_counts (ancestor_id, depth, member_status, subscription_paid, bingx_linked, members)
    SELECT ancestor_id, depth, member_status, member_subscription_paid, member_bingx_linked, count(*)
      FROM referral_closure
     GROUP BY 1, 2, 3, 4, 5`.execute(db);

  await sql`
    CREATE TABLE rewards (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      beneficiary_id uuid NOT NULL REFERENCES users(id),
      source_user_id uuid REFERENCES users(id),
      type text NOT NULL CHECK (type IN ('DIRECT', 'DOWNLINE')),
      level smallint NOT NULL CHECK (level BETWEEN 1 AND 15),
      percent numeric(10, 4) NOT NULL,
      master_amount numeric(38, 18) NOT NULL,
      reward_amount numeric(38, 18) NOT NULL,
      cycle integer NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // What a member earned from each member of their downline (the referral tree).
  await sql`
    CREATE INDEX rewards_beneficiary_source_idx ON rewards (beneficiary_id, source_user_id) INCLUDE (reward_amount, level)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rewards`.execute(db);
  await sql`DROP TRIGGER referral_downline_counts_remove ON referral_closure`.execute(db);
  await sql`DROP TRIGGER referral_downline_counts_move ON referral_closure`.execute(db);
  await sql`DROP TRIGGER referral_downline_counts_add ON referral_closure`.execute(db);
  await sql`DROP TABLE referral_downline_counts`.execute(db);
  await sql`DROP FUNCTION referral_downline_counts_remove, referral_downline_counts_move, referral_downline_counts_add`.execute(
    db,
  );
  await sql`DROP TRIGGER users_copy_member_flags ON users`.execute(db);
  await sql`DROP FUNCTION users_copy_member_flags`.execute(db);
  await sql`DROP TRIGGER referral_closure_fill_member ON referral_closure`.execute(db);
  await sql`DROP FUNCTION referral_closure_fill_member`.execute(db);
  await sql`DROP INDEX referral_closure_history_idx`.execute(db);
  await sql`
    ALTER TABLE referral_closure
      DROP COLUMN member_status,
      DROP COLUMN member_joined_at,
      DROP COLUMN member_subscription_paid,
      DROP COLUMN member_bingx_linked`.execute(db);
}
