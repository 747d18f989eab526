import type { ExpressionBuilder, Kysely } from 'kysely';
import type { CodeHolderRow, Database, UserRow } from '../../db/schema';

/**
 * The network root's `seq`: the first administrator, whom the first start made
 * (`ensureRootAdmin`) and under whom the first members register. Administrators invited since are
 * never first.
 */
function networkRootSeq(db: Kysely<Database>) {
  return db
    .selectFrom('users as administrator')
    .select((eb) => eb.fn.min('administrator.seq').as('seq'))
    .where((eb) => eb.ref('administrator.is_admin'));
}

/** The administrator who founded the network and keeps the code its first members register with. */
export function findNetworkRoot(db: Kysely<Database>): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('seq', '=', networkRootSeq(db)).executeTakeFirst();
}

/**
 * Whether the `users` row's code names a sponsor: a member's does, and the network root's; any
 * other administrator's does not, even one who kept the code of an old downline (migration 0244).
 */
export function holdsSponsoringCode(db: Kysely<Database>, eb: ExpressionBuilder<Database, 'users'>) {
  // No parameters: the profile's caller view is a prepared statement that takes only the callers' ids.
  return eb.or([eb.not(eb.ref('users.is_admin')), eb('users.seq', '=', networkRootSeq(db))]);
}

/**
 * The sponsor a referral code names, in any letter case: a member, or the network root
 * (`holdsSponsoringCode`); a deleted member's code names nobody.
 * @rule INVITATION_ONLY
 */
export function findSponsorByReferralCode(db: Kysely<Database>, code: string): Promise<CodeHolderRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('referral_code', '=', code.toUpperCase())
    .where('deleted_at', 'is', null)
    .where((eb) => holdsSponsoringCode(db, eb))
    .$narrowType<{ referral_code: string }>()
    .executeTakeFirst();
}
