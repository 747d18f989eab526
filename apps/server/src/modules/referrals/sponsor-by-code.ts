import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

/** The member a referral code names, in any letter case; a deleted member's code names nobody. */
export function findUserByReferralCode(db: Kysely<Database>, code: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('referral_code', '=', code.toUpperCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
