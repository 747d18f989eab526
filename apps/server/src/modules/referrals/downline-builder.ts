import { randomBytes } from 'node:crypto';
import { referralCodeAlphabet, referralCodeLength } from '@uplink/contract/constants';
import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema';
import { attachToSponsor } from './referral-closure-repository';

/** Test data: a member inserted the way registration does it (user row + closure rows, one transaction). */
export async function addMember(
  db: Kysely<Database>,
  sponsor: UserRow | null,
  overrides: Partial<NewUser> = {},
): Promise<UserRow> {
  const tag = randomBytes(6).toString('hex');
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .insertInto('users')
      .values({
        first_name: `First${tag}`,
        last_name: `Last${tag}`,
        email: `member-${tag}@uplink.test`,
        password_hash: 'not-a-real-hash',
        referral_code: randomReferralCode(),
        sponsor_id: sponsor?.id ?? null,
        is_email_verified: true,
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (sponsor) await attachToSponsor(trx, member.id, sponsor.id);
    return member;
  });
}

/** A chain of `length` members, each the sponsor of the next, below `sponsor`. */
export async function addChain(db: Kysely<Database>, sponsor: UserRow, length: number): Promise<UserRow[]> {
  const chain: UserRow[] = [];
  let current = sponsor;
  for (let index = 0; index < length; index += 1) {
    current = await addMember(db, current);
    chain.push(current);
  }
  return chain;
}

function randomReferralCode(): string {
  const bytes = randomBytes(referralCodeLength);
  return Array.from(bytes, (byte) => referralCodeAlphabet[byte % referralCodeAlphabet.length]).join('');
}
