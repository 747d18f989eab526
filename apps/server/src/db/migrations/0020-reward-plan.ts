import { type Kysely, sql } from 'kysely';

/**
 * The reward plan, versioned: a new plan is a new row, never an edit, so every reward can name
 * the version and percent it was paid under. Version 1 holds the defaults: DIRECT 20 % of the
 * subscription fee to the sponsor; DOWNLINE 5, 2, 1, 1, 1 and then 0.5 for levels 6 to 15
 * (15 % of the master trader's share in all). The database refuses a plan with other than 15
 * levels or a negative percent, and any change to a stored plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reward_plans (
      version integer PRIMARY KEY CHECK (version > 0),
      direct_percent numeric(7, 4) NOT NULL CHECK (direct_percent >= 0 AND direct_percent <= 100),
      level_percents numeric(7, 4)[] NOT NULL
        CHECK (cardinality(level_percents) = 15 AND 0 <= ALL (level_percents) AND 100 >= ALL (level_percents)),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO reward_plans (version, direct_percent, level_percents)
    VALUES (1, 20, ARRAY[5, 2, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]::numeric[])`.execute(db);
  await sql`
    CREATE TRIGGER reward_plans_append_only BEFORE UPDATE OR DELETE ON reward_plans
       FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()`.execute(db);
  await sql`
    CREATE TRIGGER reward_plans_no_truncate BEFORE TRUNCATE ON reward_plans
       FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE reward_plans`.execute(db);
}
