import { type Kysely, sql } from 'kysely';
import { isUniqueViolation } from '../../db/constraint-violations';
import type { Database } from '../../db/schema';

/**
 * Counts one BingX UID check of the member in one statement (concurrent checks are all counted)
 * and resolves false, counting nothing, when the day's window already holds `perDay` checks. A
 * window starts with the first check after the previous one ended. Kept in the database, so
 * every server process counts against the same budget.
 */
export async function reserveUidCheck(
  db: Kysely<Database>,
  memberId: string,
  perDay: number,
  now: Date,
): Promise<boolean> {
  const windowOver = sql`c.window_started_at <= ${now}::timestamptz - interval '1 day'`;
  const { rows } = await sql`
    INSERT INTO exchange_uid_checks AS c (user_id, checks, window_started_at)
    VALUES (${memberId}, 1, ${now})
    ON CONFLICT (user_id) DO UPDATE
       SET checks = CASE WHEN ${windowOver} THEN 1 ELSE c.checks + 1 END,
           window_started_at = CASE WHEN ${windowOver} THEN ${now}::timestamptz ELSE c.window_started_at END
     WHERE ${windowOver} OR c.checks < ${perDay}
    RETURNING c.checks`.execute(db);
  return rows.length > 0;
}

/** The member holding this BingX UID, if any. */
export function findUidHolder(db: Kysely<Database>, uid: string) {
  return db.selectFrom('users').select('id').where('bingx_uid', '=', uid).executeTakeFirst();
}

export interface ExchangeAccountLink {
  uid: string;
  kycComplete: boolean;
  balanceUsdt: string;
}

/**
 * Links the UID unless the member already has one (a second request of the same member may have
 * linked meanwhile: set once means once); the UNIQUE constraint on `bingx_uid` decides between two
 * members racing for one UID.
 */
export async function linkUidOnce(
  db: Kysely<Database>,
  memberId: string,
  link: ExchangeAccountLink,
  now: Date,
): Promise<'linked' | 'member-already-linked' | 'uid-taken'> {
  try {
    const updated = await db
      .updateTable('users')
      .set({
        bingx_uid: link.uid,
        bingx_kyc: link.kycComplete,
        bingx_balance: link.balanceUsdt,
        bingx_linked_at: now,
        bingx_balance_checked_at: now,
        updated_at: now,
      })
      .where('id', '=', memberId)
      .where('bingx_uid', 'is', null)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n ? 'linked' : 'member-already-linked';
  } catch (error) {
    if (isUniqueViolation(error, 'users_bingx_uid_key')) return 'uid-taken';
    throw error;
  }
}
