import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** How long a raw client address is kept: the registration burst needs a day, the review a few weeks. */
export const clientAddressRetentionDays = 90;

export async function recordRegistrationClientAddress(
  db: Kysely<Database>,
  memberId: string,
  address: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('registration_client_addresses')
    .values({ user_id: memberId, address, registered_at: at })
    .execute();
}

/**
 * Deletes the client addresses older than 90 days, and blanks them in the evidence of the events
 * that quoted them: nothing keeps a raw client address longer. Resolves how many were deleted.
 */
export async function forgetOldClientAddresses(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - clientAddressRetentionDays * 86_400_000);
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('registration_client_addresses')
      .where('registered_at', '<', before)
      .executeTakeFirst();
    // A burst's cluster key names the address too: it becomes the event's own id.
    await sql`
      UPDATE risk_events
         SET evidence = jsonb_set(evidence, '{clientAddress}', 'null'::jsonb), cluster_key = 'client-forgotten:' || id
       WHERE rule = 'REGISTRATION_BURST' AND cluster_key LIKE 'client:%' AND updated_at < ${before}`.execute(trx);
    return Number(deleted.numDeletedRows);
  });
}

/** A withdrawal refused at request time to an address that had received payouts for another account. */
export async function insertWithdrawalAttempt(
  db: Kysely<Database>,
  attempt: { memberId: string; address: string; at: Date },
): Promise<void> {
  await db
    .insertInto('withdrawal_address_attempts')
    .values({ user_id: attempt.memberId, address: attempt.address, attempted_at: attempt.at })
    .execute();
}
