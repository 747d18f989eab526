import { type Kysely, sql } from 'kysely';

/**
 * The notices a member has turned off (issue 25). A member without a row gets every notice: the
 * row is written at their first change, so the table holds only members who changed something.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notification_preferences (
      user_id uuid PRIMARY KEY REFERENCES users(id),
      reward_locked boolean NOT NULL DEFAULT true,
      forfeit_warning boolean NOT NULL DEFAULT true,
      cycle_summary boolean NOT NULL DEFAULT true,
      subscription_ending boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE notification_preferences`.execute(db);
}
