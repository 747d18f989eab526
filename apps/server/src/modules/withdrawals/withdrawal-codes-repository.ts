import { type Kysely, sql } from 'kysely';
import type { Database, WithdrawalCodeRow } from '../../db/schema';

/** Tries a code allows; the next wrong one kills it. */
export const codeAttempts = 5;

export async function storeCode(
  db: Kysely<Database>,
  memberId: string,
  codeHash: string,
  createdAt: Date,
  expiresAt: Date,
): Promise<WithdrawalCodeRow> {
  return db
    .insertInto('withdrawal_codes')
    .values({ user_id: memberId, code_hash: codeHash, created_at: createdAt, expires_at: expiresAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Locks the member's row until the transaction ends, so the code limit is counted and the new
 * code stored by one request at a time (concurrent requests used to all count the same 4 codes).
 * The member's row is the first lock of the one lock order (see `lockLedgerAccount`).
 */
export async function lockMemberCodes(db: Kysely<Database>, memberId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
}

/** Ends the member's live, unused codes (verified or not): only the newest code may authorise a withdrawal. */
export async function endLiveCodes(db: Kysely<Database>, memberId: string, now: Date): Promise<void> {
  await db
    .updateTable('withdrawal_codes')
    .set({ expires_at: now })
    .where('user_id', '=', memberId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/** The member's newest code: the one a verification checks. */
export function findNewestCode(db: Kysely<Database>, memberId: string): Promise<WithdrawalCodeRow | undefined> {
  return db
    .selectFrom('withdrawal_codes')
    .selectAll()
    .where('user_id', '=', memberId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Codes the member asked for since `since` (the per-member limit on e-mailed codes). */
export async function countCodesSince(db: Kysely<Database>, memberId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_codes')
    .select(sql<string>`count(*)::text`.as('codes'))
    .where('user_id', '=', memberId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.codes ?? 0);
}

/**
 * Takes one try of a live code, verified or not (one statement: concurrent guesses queue on the
 * row and cannot take more than `codeAttempts` tries between them, so checking a verified code
 * again cannot be used to find its digits). Undefined: no try left.
 */
export async function takeAttempt(
  db: Kysely<Database>,
  codeId: string,
  now: Date,
): Promise<Pick<WithdrawalCodeRow, 'code_hash' | 'attempts'> | undefined> {
  return db
    .updateTable('withdrawal_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('attempts', '<', codeAttempts)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['code_hash', 'attempts'])
    .executeTakeFirst();
}

export async function markVerified(db: Kysely<Database>, codeId: string, now: Date): Promise<void> {
  await db.updateTable('withdrawal_codes').set({ verified_at: now }).where('id', '=', codeId).execute();
}

/**
 * Uses a verified, unused, unexpired code of the member that is the code given, for one
 * withdrawal; in the caller's transaction, so a failed withdrawal leaves it usable. Of concurrent
 * uses of one code, one wins: the others find it used once the winner commits.
 */
export async function useVerifiedCode(
  db: Kysely<Database>,
  memberId: string,
  codeHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('withdrawal_codes')
    .set({ used_at: now })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('withdrawal_codes')
        .select('id')
        .where('user_id', '=', memberId)
        .where('code_hash', '=', codeHash)
        .where('verified_at', 'is not', null)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('seq', 'desc')
        .limit(1),
    )
    // Checked again on the row itself: a newer code requested meanwhile ended this one.
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
