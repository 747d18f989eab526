import { type Kysely, sql } from 'kysely';

/**
 * When this database was installed (one row). The reward-cycle alert counts the cycles due from
 * the first to start after it, unless REWARD_CYCLE_EPOCH names the operation's own cycle 1: the
 * default epoch is nobody's launch, and a fresh install is not 46 cycles late (issue 32).
 * A database from before takes the time of its first migration (Kysely's own record of each), a
 * new one the time of this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE installation (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      installed_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    INSERT INTO installation (installed_at)
    SELECT coalesce((SELECT min("timestamp")::timestamptz FROM kysely_migration), now())`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE installation`.execute(db);
}
