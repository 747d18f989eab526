import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AccountTokenPurpose, Database } from '../../db/schema';

export const tokenLifetimeMs: Record<AccountTokenPurpose, number> = {
  EMAIL_VERIFICATION: 24 * 60 * 60_000,
  PASSWORD_RESET: 60 * 60_000,
};

/** Only the hash is stored: a database leak does not hand out working links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a single-use token for the user and returns the secret that goes into the e-mailed link. */
export async function issueAccountToken(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('account_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: sql`now() + make_interval(secs => ${tokenLifetimeMs[purpose] / 1000})`,
    })
    .execute();
  return token;
}

/**
 * Uses a token up and returns its user, or null when it is unknown, used or expired. Checking
 * and marking happen in one statement, so of two concurrent uses exactly one succeeds.
 */
export async function consumeAccountToken(
  db: Kysely<Database>,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string | null> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Makes every still-open token of this purpose unusable (after a password reset). */
export async function revokeAccountTokens(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
