import { subscriptionFeeUsdt, type UserStatus } from '@uplink/contract/constants';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config/load-config';
import type { Database } from '../db/schema';
import { findUserByEmail, setDepositAddress } from '../modules/accounts/account-repository';
import { depositAddressFor } from '../modules/accounts/deposit-addresses';
import { hashPassword } from '../modules/accounts/password-hashing';
import { newReferralCode } from '../modules/accounts/referral-codes';
import { attachToSponsor } from '../modules/referrals/referral-closure-repository';

const subscriptionPeriodDays = 365;

export const demoMember = { email: 'demo@uplink.local', password: 'Demo!Pass123' } as const;

const firstNames = [
  'Liam',
  'Sofia',
  'Noah',
  'Amara',
  'Lucas',
  'Yuki',
  'Mateo',
  'Chloe',
  'Elias',
  'Priya',
  'Jonas',
  'Leila',
  'Omar',
  'Hannah',
  'Diego',
  'Mei',
  'Felix',
  'Zara',
  'Tomás',
  'Ingrid',
  'Kwame',
  'Elena',
  'Ravi',
  'Nora',
  'Samuel',
  'Aiko',
  'Viktor',
  'Camila',
  'Idris',
  'Freya',
  'Andrei',
  'Lucía',
  'Hugo',
  'Nadia',
  'Kenji',
  'Olivia',
  'Marek',
  'Fatima',
  'Emil',
  'Isabel',
  'Tariq',
  'Greta',
  'Pablo',
  'Anika',
  'Julien',
];
const lastNames = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Silva',
  'Novak',
  'Haddad',
  'Fischer',
  'Kowalski',
  'Mensah',
  'Rossi',
  'Petrov',
  'Nakamura',
  'García',
  'Jensen',
  'Ibrahim',
  'Dubois',
  'Costa',
  'Schmidt',
  'Andersen',
  'Kim',
  'Varga',
  'Osei',
  'Ferreira',
  'Horvat',
  'Nguyen',
  'Berg',
  'Romero',
  'Ali',
  'Weber',
];

/** Children per member on each level below the demo member: 6 direct, then 12, 13, 7 and 3 further down. */
const childrenPerLevel: readonly ((index: number) => number)[] = [
  () => 6,
  () => 2,
  (index) => (index % 4 === 3 ? 0 : index % 3 === 0 ? 2 : 1) + (index === 1 ? 1 : 0),
  (index) => (index % 2 === 0 ? 1 : 0),
  (index) => (index % 3 === 0 ? 1 : 0),
];

interface SeededMember {
  id: string;
  seq: string;
}

export interface DemoNetwork {
  email: string;
  password: string;
  created: boolean;
  downlineSize: number;
}

/**
 * The demo member under the root administrator, paid and linked so the member area opens at
 * once, with a downline of 41 members over 5 levels in every state the screens show.
 * Written once (skipped when the demo member exists), in one transaction.
 */
export async function seedDemoNetwork(
  db: Kysely<Database>,
  config: Pick<Config, 'depositXpub'>,
  rootAdminId: string,
): Promise<DemoNetwork> {
  const skipped = { email: demoMember.email, password: demoMember.password, created: false, downlineSize: 0 };
  if (await findUserByEmail(db, demoMember.email)) return skipped;
  // One argon2 hash for every seeded member: hashing 45 times would slow the first start for nothing.
  const passwordHash = await hashPassword(demoMember.password);

  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('uplink:demo-network'))`.execute(trx);
    if (await findUserByEmail(trx, demoMember.email)) return skipped;

    let counter = 0;
    const addMember = async (sponsorId: string, level: number): Promise<SeededMember> => {
      const index = counter;
      counter += 1;
      const firstName = level === 0 ? 'Maya' : (firstNames[index % firstNames.length] as string);
      const lastName = level === 0 ? 'Chen' : (lastNames[(index * 7) % lastNames.length] as string);
      const email =
        level === 0 ? demoMember.email : `${ascii(firstName)}.${ascii(lastName)}${index}@example.com`.toLowerCase();
      const state = memberState(level, index);
      const joinedDaysAgo = level === 0 ? 120 : Math.max(1, 110 - level * 18 - (index % 15));
      const paid = state.paid;
      const member = await trx
        .insertInto('users')
        .values({
          first_name: firstName,
          last_name: lastName,
          email,
          password_hash: passwordHash,
          is_email_verified: state.verified,
          status: state.status,
          referral_code: newReferralCode(),
          sponsor_id: sponsorId,
          bingx_uid: state.linked ? String(77_000_000 + index * 37) : null,
          bingx_kyc: state.linked ? true : null,
          bingx_balance: state.linked ? String(100 + ((index * 53) % 900)) : null,
          bingx_linked_at: state.linked ? daysAgo(joinedDaysAgo - 1) : null,
          subscription_paid_at: paid ? daysAgo(joinedDaysAgo - 1) : null,
          subscription_amount: paid ? subscriptionFeeUsdt : null,
          subscription_period_ends_at: paid ? daysAgo(joinedDaysAgo - 1 - subscriptionPeriodDays) : null,
          created_at: daysAgo(joinedDaysAgo),
          updated_at: daysAgo(joinedDaysAgo),
          last_login_at: state.verified ? daysAgo(index % 9) : null,
        })
        .returning(['id', 'seq'])
        .executeTakeFirstOrThrow();
      await setDepositAddress(trx, member.id, depositAddressFor(config.depositXpub, member.seq));
      await attachToSponsor(trx, member.id, sponsorId);
      return member;
    };

    const demo = await addMember(rootAdminId, 0);
    let generation: SeededMember[] = [demo];
    let downlineSize = 0;
    for (const [depth, childrenOf] of childrenPerLevel.entries()) {
      const next: SeededMember[] = [];
      for (const [index, parent] of generation.entries()) {
        for (let child = 0; child < childrenOf(index); child += 1) {
          next.push(await addMember(parent.id, depth + 1));
        }
      }
      downlineSize += next.length;
      generation = next;
    }
    return { email: demoMember.email, password: demoMember.password, created: true, downlineSize };
  });
}

interface MemberState {
  verified: boolean;
  status: UserStatus;
  paid: boolean;
  linked: boolean;
}

/** A realistic mix: most members active and paid, some still onboarding, a few unverified, one locked, one disabled. */
function memberState(level: number, index: number): MemberState {
  if (level === 0) return { verified: true, status: 'ACTIVE', paid: true, linked: true };
  const verified = index % 9 !== 4;
  const status: UserStatus = index === 5 ? 'LOCKED' : index === 17 ? 'DISABLED' : 'ACTIVE';
  const paid = verified && index % 4 !== 2;
  const linked = paid && index % 5 !== 3;
  return { verified, status, paid, linked };
}

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60_000);
}

/** Names with accents become plain ASCII in e-mail addresses. */
function ascii(value: string): string {
  return value.normalize('NFD').replace(/[^A-Za-z]/g, '');
}
