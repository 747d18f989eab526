import { type Kysely, sql } from 'kysely';

/**
 * The administrators' reward statistics without a scan of `rewards` (14 million rows after one
 * cycle at a million members).
 *
 * - `reward_totals`: how many rewards, and their reward and master amounts, per (type, level,
 *   state). Kept by statement-level triggers over transition tables: a cycle that inserts millions
 *   of rewards costs one aggregate of its new rows, and a settlement (LOCKED → RELEASED or
 *   FORFEITED) one aggregate of the rows it moved — not a trigger call per reward. Every key row
 *   exists from the start, so the triggers only update, and they lock the rows they change in key
 *   order first: two writers touching the same counters queue instead of deadlocking.
 * - `reward_extremes`: the largest and smallest reward per (type, level), and the first and last
 *   reward id of that (type, level). Rewards are never deleted and their amounts never change
 *   (both refused below), so these only widen, on insert. The id span bounds a page filtered by
 *   level: its walk of the primary key starts where that level's rewards start.
 * - `rewards_direct_idx`: the DIRECT rewards, a few among millions of DOWNLINE ones, newest first.
 *
 * The triggers are created before the backfill in the migration's transaction: CREATE TRIGGER
 * holds writers of `rewards` off until the commit, so no reward is counted twice or missed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reward_totals (
      type text NOT NULL,
      level smallint NOT NULL,
      state text NOT NULL,
      rewards bigint NOT NULL CHECK (rewards >= 0),
      reward_amount numeric(38, 8) NOT NULL,
      master_amount numeric(38, 8) NOT NULL,
      PRIMARY KEY (type, level, state)
    )`.execute(db);
  await sql`
    CREATE TABLE reward_extremes (
      type text NOT NULL,
      level smallint NOT NULL,
      max_reward numeric(38, 8) NOT NULL,
      min_reward numeric(38, 8) NOT NULL,
      first_id bigint NOT NULL,
      last_id bigint NOT NULL,
      PRIMARY KEY (type, level)
    )`.execute(db);

  // Adds changes (rows of deltas, at most one per key) to the counters; the CHECK on `rewards`
  // makes a counter that drifted below zero fail loudly.
  await sql`
    CREATE FUNCTION reward_totals_apply(changes reward_totals[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1
         FROM reward_totals t JOIN unnest(changes) c USING (type, level, state)
        ORDER BY t.type, t.level, t.state
          FOR UPDATE OF t;
      UPDATE reward_totals t
         SET rewards = t.rewards + c.rewards,
             reward_amount = t.reward_amount + c.reward_amount,
             master_amount = t.master_amount + c.master_amount
        FROM unnest(changes) c
       WHERE (t.type, t.level, t.state) = (c.type, c.level, c.state);
    END $$`.execute(db);

  // One pass over the inserted rows feeds both tables.
  await sql`
    CREATE FUNCTION rewards_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      added reward_totals[];
      widened reward_extremes[];
    BEGIN
      WITH grouped AS (
        SELECT type, level, state, count(*) AS rewards, sum(reward_amount) AS reward_amount,
               sum(master_amount) AS master_amount, max(reward_amount) AS max_reward,
               min(reward_amount) AS min_reward, min(id) AS first_id, max(id) AS last_id
          FROM new_rows
         GROUP BY type, level, state
      )
      SELECT ARRAY(SELECT ROW(type, level, state, rewards, reward_amount, master_amount)::reward_totals FROM grouped),
             ARRAY(SELECT ROW(type, level, max(max_reward), min(min_reward), min(first_id), max(last_id))::reward_extremes
                     FROM grouped GROUP BY type, level)
        INTO added, widened;
      PERFORM reward_totals_apply(added);
      INSERT INTO reward_extremes AS e
      SELECT * FROM unnest(widened) ORDER BY type, level
          ON CONFLICT (type, level) DO UPDATE
         SET max_reward = greatest(e.max_reward, EXCLUDED.max_reward),
             min_reward = least(e.min_reward, EXCLUDED.min_reward),
             first_id = least(e.first_id, EXCLUDED.first_id),
             last_id = greatest(e.last_id, EXCLUDED.last_id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER rewards_count_inserted AFTER INSERT ON rewards
       REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION rewards_count_inserted()`.execute(db);

  // Rows whose state did not change cancel out; only the moved ones reach the counters.
  await sql`
    CREATE FUNCTION rewards_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM reward_totals_apply(ARRAY(
        SELECT ROW(type, level, state, sum(rewards), sum(reward_amount), sum(master_amount))::reward_totals
          FROM (SELECT type, level, state, 1 AS rewards, reward_amount, master_amount FROM new_rows
                UNION ALL
                SELECT type, level, state, -1, -reward_amount, -master_amount FROM old_rows) AS moved
         GROUP BY type, level, state
        HAVING sum(rewards) <> 0));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER rewards_count_moved AFTER UPDATE ON rewards
       REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION rewards_count_moved()`.execute(db);

  // What the extremes rely on: a reward only ever changes its state, and is never deleted.
  await sql`
    CREATE FUNCTION rewards_state_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'reward % can change only its state', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'rewards_state_only';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER rewards_state_only BEFORE UPDATE ON rewards
       FOR EACH ROW
      WHEN ((NEW.id, NEW.beneficiary_id, NEW.source_user_id, NEW.type, NEW.level, NEW.cycle, NEW.plan_version,
             NEW.percent, NEW.master_amount, NEW.reward_amount, NEW.created_at)
            IS DISTINCT FROM
            (OLD.id, OLD.beneficiary_id, OLD.source_user_id, OLD.type, OLD.level, OLD.cycle, OLD.plan_version,
             OLD.percent, OLD.master_amount, OLD.reward_amount, OLD.created_at))
       EXECUTE FUNCTION rewards_state_only()`.execute(db);
  await sql`
    CREATE TRIGGER rewards_no_delete BEFORE DELETE OR TRUNCATE ON rewards
       FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()`.execute(db);

  await sql`
    INSERT INTO reward_totals
    SELECT k.type, k.level, k.state, coalesce(a.rewards, 0), coalesce(a.reward_amount, 0), coalesce(a.master_amount, 0)
      FROM (SELECT type, level::smallint, state
              FROM unnest(ARRAY['DIRECT', 'DOWNLINE']) AS type,
                   generate_series(1, 15) AS level,
                   unnest(ARRAY['POSTED', 'LOCKED', 'RELEASED', 'FORFEITED']) AS state) AS k
      LEFT JOIN (SELECT type, level, state, count(*) AS rewards, sum(reward_amount) AS reward_amount,
                        sum(master_amount) AS master_amount
                   FROM rewards GROUP BY type, level, state) AS a USING (type, level, state)`.execute(db);
  await sql`
    INSERT INTO reward_extremes
    SELECT type, level, max(reward_amount), min(reward_amount), min(id), max(id)
      FROM rewards GROUP BY type, level`.execute(db);

  await sql`CREATE INDEX rewards_direct_idx ON rewards (id) WHERE type = 'DIRECT'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX rewards_direct_idx`.execute(db);
  await sql`DROP TRIGGER rewards_no_delete ON rewards`.execute(db);
  await sql`DROP TRIGGER rewards_state_only ON rewards`.execute(db);
  await sql`DROP TRIGGER rewards_count_moved ON rewards`.execute(db);
  await sql`DROP TRIGGER rewards_count_inserted ON rewards`.execute(db);
  await sql`DROP FUNCTION rewards_state_only, rewards_count_moved, rewards_count_inserted`.execute(db);
  await sql`DROP FUNCTION reward_totals_apply`.execute(db);
  await sql`DROP TABLE reward_extremes, reward_totals`.execute(db);
}
