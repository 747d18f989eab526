import { type Kysely, sql } from 'kysely';

/**
 * "Copying now" judges a member only by a cycle they could have copied in: the newest distributed
 * cycle's statement, if the member had linked their exchange account before that cycle ended. A
 * member who linked later (or before any cycle) is not judged until the next cycle's statement —
 * they were told "New rewards will be locked — You were not copying the master trader in the last
 * cycle" for a cycle that ended before they could copy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION member_is_copying(member_id uuid) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT coalesce((
        SELECT EXISTS (SELECT 1 FROM reward_statement_entries e WHERE e.cycle = run.cycle AND e.copier_id = member_id)
            OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = member_id AND u.bingx_linked_at < run.cycle_ends_at)
          FROM reward_cycle_runs run
         WHERE run.outcome = 'DISTRIBUTED'
         ORDER BY run.cycle DESC
         LIMIT 1), true)
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION member_is_copying(member_id uuid) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT latest.cycle IS NULL
          OR EXISTS (SELECT 1 FROM reward_statement_entries e WHERE e.cycle = latest.cycle AND e.copier_id = member_id)
        FROM (SELECT max(cycle) AS cycle FROM reward_cycle_runs WHERE outcome = 'DISTRIBUTED') AS latest
    $$`.execute(db);
}
