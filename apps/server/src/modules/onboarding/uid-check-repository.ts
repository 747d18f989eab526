import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Counts one BingX UID check of the member in one statement (concurrent checks are all counted)
 * and resolves false, counting nothing, when the day's window already holds `perDay` checks. A
 * window starts with the first check after the previous one ended. Kept in the database, so
 * every server process counts against the same budget.
 */
export async function reserveUidCheck(db: Kysely<Database>, memberId: string, perDay: number): Promise<boolean> {
  const windowOver = sql`c.window_started_at <= now() - interval '1 day'`;
  const { rows } = await sql`
    INSERT INTO exchange_uid_checks AS c (user_id, checks)
    VALUES (${memberId}, 1)
    ON CONFLICT (user_id) DO UPDATE
       SET checks = CASE WHEN ${windowOver} THEN 1 ELSE c.checks + 1 END,
           window_started_at = CASE WHEN ${windowOver} THEN now() ELSE c.window_started_at END
     WHERE ${windowOver} OR c.checks < ${perDay}
    RETURNING c.checks`.execute(db);
  return rows.length > 0;
}
