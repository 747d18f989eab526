import { type Kysely, sql } from 'kysely';
import type { AccountTokenPurpose, Database } from '../../db/schema';

/**
 * Records that someone asked for a reset or verification mail to this address, known or not:
 * the same single insert either way. A request already waiting for the address absorbs the new one.
 */
export async function requestAccountMail(
  db: Kysely<Database>,
  purpose: AccountTokenPurpose,
  email: string,
): Promise<void> {
  await db
    .insertInto('account_mail_requests')
    .values({ purpose, email: email.toLowerCase() })
    .onConflict((conflict) => conflict.columns(['purpose', 'email']).doNothing())
    .execute();
}

export interface AccountMailRequest {
  purpose: AccountTokenPurpose;
  email: string;
}

/**
 * Takes up to `limit` waiting requests out of the table. Run it in the transaction that writes
 * their mail: if that fails, the requests are back; concurrent workers (SKIP LOCKED) never take
 * the same one.
 */
export async function takeAccountMailRequests(db: Kysely<Database>, limit: number): Promise<AccountMailRequest[]> {
  const { rows } = await sql<AccountMailRequest>`
    DELETE FROM account_mail_requests
     WHERE id IN (SELECT id FROM account_mail_requests ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING purpose, email`.execute(db);
  return rows;
}
