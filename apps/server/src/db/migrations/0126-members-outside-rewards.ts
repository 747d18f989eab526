import { type Kysely, sql } from 'kysely';

/**
 * The members no reward goes to (administrators, deleted members), in an index of their own: each
 * chunk of a reward cycle excludes them, and without it that exclusion read every user — once per
 * chunk, so a cycle's cost grew with the square of the network (issue 26).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX users_outside_rewards_idx ON users (id) WHERE is_admin OR deleted_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX users_outside_rewards_idx`.execute(db);
}
