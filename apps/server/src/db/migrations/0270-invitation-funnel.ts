import { type Kysely, sql } from 'kysely';

/** Invitees' stages in their order; the contract's `inviteeStages` lists the same (a test pins them). */
export const inviteeStageOrder = [
  'REGISTERED',
  'EMAIL_VERIFIED',
  'PARTLY_PAID',
  'SUBSCRIPTION_PAID',
  'UID_LINKED',
  'ELIGIBLE',
  'EARNING',
] as const;

/** Links with fewer unique visits than this are left out of the best-converting ones (too few to judge). */
export const bestLinksMinimumVisits = 20;

/**
 * The invitation funnel (issue 45): where each member's level-1 invitees stand, and the visits of
 * their link, counted first-party.
 *
 * - `users.registered_through_link`: the registration came through the sponsor's `/ref/` link
 *   (the code prefilled from it), not a code typed in.
 * - `invitees`: one row per level-1 sponsorship (the closure's depth-1 rows) of a member not
 *   deleted, with the stage the invitee is at and since when. The stage is decided by one SQL
 *   function, `invitee_stage`, over the facts it needs (e-mail verified, subscription paid — the
 *   closure's flag, which the expiry sweep keeps —, transfers toward the fee, UID linked, KYC and
 *   the exchange balance against the compliance line, copying in the last distributed cycle);
 *   `refresh_invitee_stages` re-decides given invitees and is called by the triggers of every
 *   table that holds one of those facts, so each writer keeps the stages right without knowing.
 *   A new distributed cycle and a new compliance line are taken in by the `invitee-stages` job.
 * - `invitation_funnel_counts` (per sponsor) and `invitation_funnel_totals` (the network, in
 *   `counter_slot()` rows) count invitees by registration day, stage and whether they came
 *   through the link, kept by statement triggers on `invitees`: a funnel over any period is a sum
 *   over at most (days × 7 stages × 2) rows, whatever the size of the network.
 * - `invitation_visitors` holds today's (and yesterday's) daily unique visitor keys — an HMAC of
 *   address, user agent and day under a key that is never stored — only to count each once;
 *   older ones are deleted. `invitation_visits` and `invitation_visit_totals` keep the counts.
 * - `invitation_link_totals`: every link's all-time visits, registrations and paid invitees, for
 *   the best-converting links (an index on the conversion answers the top at once).
 * - `invitation_reminders`: the reminders sponsors sent, for their limits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const stages = sql.join(inviteeStageOrder.map((stage) => sql.lit(stage)));
  await sql`ALTER TABLE users ADD COLUMN registered_through_link boolean NOT NULL DEFAULT false`.execute(db);

  // What the stages are judged by: the compliance line (the server writes its MIN_EXCHANGE_DEPOSIT
  // at start) and the newest distributed cycle's statement; what the linked invitees' stages last
  // reflected of both, so the invitee-stages job knows when to go over them again.
  await sql`
    CREATE TABLE invitee_stage_basis (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      minimum_balance numeric NOT NULL,
      reflected_minimum numeric NOT NULL,
      reflected_cycle integer
    )`.execute(db);
  await sql`
    INSERT INTO invitee_stage_basis (minimum_balance, reflected_minimum, reflected_cycle)
    VALUES (100, 100, (SELECT max(cycle) FROM reward_cycle_runs WHERE outcome = 'DISTRIBUTED'))`.execute(db);

  await sql`
    CREATE FUNCTION invitee_stage_rank(stage text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT array_position(ARRAY[${stages}]::text[], stage)
    $$`.execute(db);

  // The first hurdle an invitee has not passed, in the funnel's order (its current text: db/functions/invitee-stage.ts).
  await sql`
    CREATE FUNCTION invitee_stage(member users, paid boolean, paying boolean, copying boolean, minimum_balance numeric)
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
    $$`.execute(db);

  await sql`
    CREATE TABLE invitees (
      invitee_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      sponsor_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      registered_at timestamptz NOT NULL,
      through_link boolean NOT NULL,
      stage text NOT NULL CHECK (stage IN (${stages})),
      stage_since timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX invitees_sponsor_idx ON invitees (sponsor_id, registered_at DESC, invitee_id DESC)`.execute(
    db,
  );
  await sql`
    CREATE INDEX invitees_sponsor_stage_idx ON invitees (sponsor_id, stage, registered_at DESC, invitee_id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX invitees_linked_idx ON invitees (invitee_id) WHERE invitee_stage_rank(stage) >= 5`.execute(db);

  // The stage of each of `members` as its facts stand now (deleted members and administrators have
  // none), and the moment the facts show it was reached at the latest, for an invitee first seen
  // (a backfill) rather than seen changing. "Paying": confirmed transfers not yet used for a period,
  // as `unusedTransfers` (modules/subscription/subscription-repository.ts) reads them; a test pins
  // the two together.
  await sql`
    CREATE FUNCTION invitee_stages_now(members uuid[])
    RETURNS TABLE (invitee_id uuid, sponsor_id uuid, registered_at timestamptz, through_link boolean, stage text,
                   evident_since timestamptz)
    LANGUAGE sql STABLE AS $$
      SELECT s.id, s.sponsor_id, s.created_at, s.registered_through_link, s.stage,
             CASE WHEN s.stage IN ('SUBSCRIPTION_PAID') THEN coalesce(s.subscription_paid_at, s.created_at)
                  WHEN invitee_stage_rank(s.stage) >= 5 THEN coalesce(s.bingx_linked_at, s.created_at)
                  ELSE s.created_at END
        FROM (SELECT u.id, c.ancestor_id AS sponsor_id, u.created_at, u.registered_through_link,
                     u.subscription_paid_at, u.bingx_linked_at,
                     invitee_stage(
                       u, c.member_subscription_paid,
                       EXISTS (SELECT 1 FROM deposit_transfers d
                                WHERE d.user_id = u.id AND d.credited_period_ends_at IS NULL
                                  AND d.block_time >= u.created_at - interval '15 minutes'),
                       EXISTS (SELECT 1 FROM reward_statement_entries e
                                WHERE e.copier_id = u.id AND e.master_amount > 0
                                  AND e.cycle = (SELECT max(cycle) FROM reward_cycle_runs WHERE outcome = 'DISTRIBUTED')),
                       (SELECT minimum_balance FROM invitee_stage_basis)) AS stage
                FROM unnest(members) AS m(id)
                JOIN users u ON u.id = m.id
                JOIN referral_closure c ON c.descendant_id = u.id AND c.depth = 1
               WHERE u.deleted_at IS NULL AND NOT u.is_admin) AS s
    $$`.execute(db);

  // Adds, re-decides or (deleted members) removes the invitees of `members`, in id order so that
  // concurrent writers lock rows in the same order; a stage that stays is not touched, one that
  // moves is dated now.
  await sql`
    CREATE FUNCTION refresh_invitee_stages(members uuid[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM invitees i
       WHERE i.invitee_id = ANY (members)
         AND NOT EXISTS (SELECT 1 FROM invitee_stages_now(ARRAY[i.invitee_id]));
      INSERT INTO invitees AS i (invitee_id, sponsor_id, registered_at, through_link, stage, stage_since)
      SELECT s.invitee_id, s.sponsor_id, s.registered_at, s.through_link, s.stage, s.evident_since
        FROM invitee_stages_now(members) s
       ORDER BY s.invitee_id
          ON CONFLICT (invitee_id) DO UPDATE SET stage = EXCLUDED.stage, stage_since = greatest(now(), i.registered_at)
       WHERE i.stage IS DISTINCT FROM EXCLUDED.stage;
    END $$`.execute(db);

  // A new sponsorship (registration, or a bulk load with its triggers on) and a change of the
  // paid flag (payment, renewal, the expiry sweep) arrive as depth-1 closure rows.
  await sql`
    CREATE FUNCTION invitees_follow_closure() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM refresh_invitee_stages(ARRAY(SELECT descendant_id FROM changed_rows WHERE depth = 1));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER invitees_follow_closure_insert AFTER INSERT ON referral_closure
       REFERENCING NEW TABLE AS changed_rows
       FOR EACH STATEMENT EXECUTE FUNCTION invitees_follow_closure()`.execute(db);
  await sql`
    CREATE TRIGGER invitees_follow_closure_update AFTER UPDATE ON referral_closure
       REFERENCING NEW TABLE AS changed_rows
       FOR EACH STATEMENT EXECUTE FUNCTION invitees_follow_closure()`.execute(db);

  await sql`
    CREATE FUNCTION invitees_follow_member() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM refresh_invitee_stages(ARRAY[NEW.id]);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER invitees_follow_member
     AFTER UPDATE OF is_email_verified, bingx_uid, bingx_kyc, bingx_balance, deleted_at ON users
       FOR EACH ROW WHEN (NEW.sponsor_id IS NOT NULL AND (
             OLD.is_email_verified IS DISTINCT FROM NEW.is_email_verified
          OR OLD.bingx_uid IS DISTINCT FROM NEW.bingx_uid
          OR OLD.bingx_kyc IS DISTINCT FROM NEW.bingx_kyc
          OR OLD.bingx_balance IS DISTINCT FROM NEW.bingx_balance
          OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at))
       EXECUTE FUNCTION invitees_follow_member()`.execute(db);

  await sql`
    CREATE FUNCTION invitees_follow_deposits() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM refresh_invitee_stages(ARRAY(SELECT DISTINCT user_id FROM changed_rows));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER invitees_follow_deposits_insert AFTER INSERT ON deposit_transfers
       REFERENCING NEW TABLE AS changed_rows
       FOR EACH STATEMENT EXECUTE FUNCTION invitees_follow_deposits()`.execute(db);
  await sql`
    CREATE TRIGGER invitees_follow_deposits_update AFTER UPDATE ON deposit_transfers
       REFERENCING NEW TABLE AS changed_rows
       FOR EACH STATEMENT EXECUTE FUNCTION invitees_follow_deposits()`.execute(db);

  await sql`
    CREATE TABLE invitation_funnel_counts (
      sponsor_id uuid NOT NULL,
      registered_on date NOT NULL,
      stage text NOT NULL,
      through_link boolean NOT NULL,
      invitees integer NOT NULL,
      PRIMARY KEY (sponsor_id, registered_on, stage, through_link)
    )`.execute(db);
  await sql`
    CREATE TABLE invitation_funnel_totals (
      registered_on date NOT NULL,
      stage text NOT NULL,
      through_link boolean NOT NULL,
      slot smallint NOT NULL DEFAULT 0,
      invitees integer NOT NULL,
      PRIMARY KEY (registered_on, stage, through_link, slot)
    )`.execute(db);
  await sql`
    CREATE TABLE invitation_link_totals (
      sponsor_id uuid PRIMARY KEY,
      visits integer NOT NULL DEFAULT 0,
      registered integer NOT NULL DEFAULT 0,
      paid integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE INDEX invitation_link_conversion_idx
        ON invitation_link_totals ((paid::numeric / visits) DESC, paid DESC, sponsor_id)
     WHERE visits >= ${sql.lit(bestLinksMinimumVisits)}`.execute(db);

  // The counters follow the invitees set-based, one statement per write of invitees, keys in order
  // (as the downline counters do), so concurrent writers queue rather than deadlock.
  await sql`
    CREATE TYPE invitee_change AS (
      sponsor_id uuid, registered_on date, stage text, through_link boolean, delta integer)`.execute(db);
  await sql`
    CREATE FUNCTION invitation_funnel_apply(changes invitee_change[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO invitation_funnel_counts AS c (sponsor_id, registered_on, stage, through_link, invitees)
      SELECT sponsor_id, registered_on, stage, through_link, sum(delta)
        FROM unnest(changes) GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
          ON CONFLICT (sponsor_id, registered_on, stage, through_link)
          DO UPDATE SET invitees = c.invitees + EXCLUDED.invitees;
      INSERT INTO invitation_funnel_totals AS t (registered_on, stage, through_link, slot, invitees)
      SELECT registered_on, stage, through_link, counter_slot(), sum(delta)
        FROM unnest(changes) GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (registered_on, stage, through_link, slot)
          DO UPDATE SET invitees = t.invitees + EXCLUDED.invitees;
      INSERT INTO invitation_link_totals AS l (sponsor_id, registered, paid)
      SELECT sponsor_id, sum(delta), coalesce(sum(delta) FILTER (WHERE invitee_stage_rank(stage) >= 4), 0)
        FROM unnest(changes) GROUP BY 1 ORDER BY 1
          ON CONFLICT (sponsor_id)
          DO UPDATE SET registered = l.registered + EXCLUDED.registered, paid = l.paid + EXCLUDED.paid;
    END $$`.execute(db);
  const change = (rows: string, delta: number) =>
    sql.raw(`SELECT ROW(sponsor_id, (registered_at AT TIME ZONE 'UTC')::date, stage, through_link, ${delta})::invitee_change
               FROM ${rows}`);
  for (const [event, transitions, changes] of [
    ['INSERT', 'NEW TABLE AS new_rows', change('new_rows', 1)],
    [
      'UPDATE',
      'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      sql`${change('new_rows', 1)} UNION ALL ${change('old_rows', -1)}`,
    ],
    ['DELETE', 'OLD TABLE AS old_rows', change('old_rows', -1)],
  ] as const) {
    const name = `invitation_funnel_follow_${event.toLowerCase()}`;
    await sql`
      CREATE FUNCTION ${sql.id(name)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM invitation_funnel_apply(ARRAY(${changes}));
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(name)} AFTER ${sql.raw(event)} ON invitees
         REFERENCING ${sql.raw(transitions)}
         FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(name)}()`.execute(db);
  }

  await sql`
    CREATE TABLE invitation_visitors (
      visited_on date NOT NULL,
      sponsor_id uuid NOT NULL,
      visitor_key bytea NOT NULL,
      PRIMARY KEY (visited_on, sponsor_id, visitor_key)
    )`.execute(db);
  await sql`
    CREATE TABLE invitation_visits (
      sponsor_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      visited_on date NOT NULL,
      visits integer NOT NULL,
      PRIMARY KEY (sponsor_id, visited_on)
    )`.execute(db);
  await sql`
    CREATE TABLE invitation_visit_totals (
      visited_on date NOT NULL,
      slot smallint NOT NULL,
      visits integer NOT NULL,
      PRIMARY KEY (visited_on, slot)
    )`.execute(db);

  await sql`
    CREATE TABLE invitation_reminders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      sponsor_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      invitee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      stage text NOT NULL,
      sent_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX invitation_reminders_sponsor_idx ON invitation_reminders (sponsor_id, sent_at)`.execute(db);
  await sql`CREATE INDEX invitation_reminders_invitee_idx ON invitation_reminders (invitee_id, sent_at)`.execute(db);

  await sql`
    ALTER TABLE notification_preferences ADD COLUMN invitation_reminder boolean NOT NULL DEFAULT true`.execute(db);

  // The members who exist already, with their counters.
  await sql`SELECT refresh_invitee_stages(ARRAY(SELECT descendant_id FROM referral_closure WHERE depth = 1))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notification_preferences DROP COLUMN invitation_reminder`.execute(db);
  await sql`DROP TABLE invitation_reminders, invitation_visit_totals, invitation_visits, invitation_visitors`.execute(
    db,
  );
  await sql`DROP TRIGGER invitees_follow_deposits_update ON deposit_transfers`.execute(db);
  await sql`DROP TRIGGER invitees_follow_deposits_insert ON deposit_transfers`.execute(db);
  await sql`DROP TRIGGER invitees_follow_member ON users`.execute(db);
  await sql`DROP TRIGGER invitees_follow_closure_update ON referral_closure`.execute(db);
  await sql`DROP TRIGGER invitees_follow_closure_insert ON referral_closure`.execute(db);
  await sql`DROP TABLE invitees, invitation_funnel_counts, invitation_funnel_totals, invitation_link_totals`.execute(
    db,
  );
  await sql`DROP FUNCTION invitation_funnel_follow_insert, invitation_funnel_follow_update,
                          invitation_funnel_follow_delete, invitation_funnel_apply, invitees_follow_deposits, invitees_follow_member,
                          invitees_follow_closure, refresh_invitee_stages, invitee_stages_now, invitee_stage,
                          invitee_stage_rank`.execute(db);
  await sql`DROP TYPE invitee_change`.execute(db);
  await sql`DROP TABLE invitee_stage_basis`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN registered_through_link`.execute(db);
}
