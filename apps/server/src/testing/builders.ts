import { randomBytes } from 'node:crypto';
import type { AdminRole } from '@uplink/contract/admin-roles';
import type { UserStatus } from '@uplink/contract/constants';
import { Wallet } from 'ethers';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config/load-config';
import type { AuditLogRow, CodeHolderRow, Database, MailRow, NewUser, UserRow, WithdrawalRow } from '../db/schema';
import { hashPassword } from '../modules/accounts/password-hashing';
import { newReferralCode } from '../modules/accounts/referral-codes';
import { composeRequestedAccountMail } from '../modules/accounts/requested-account-mail';
import { signInAttemptKey } from '../modules/accounts/sign-in-attempts-repository';
import { attachToSponsor } from '../modules/referrals/referral-closure-repository';
import { hashCode } from '../modules/withdrawals/withdrawal-code-hash';
import type { TestApp } from './test-app';

/** The test builders of every API test: members, downlines, sessions, mail, sign-in attempts. */

export const strongPassword = 'Sunny!Day42';

const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
};

export const uniqueEmail = (label = 'member') => `${label}.${randomBytes(5).toString('hex')}@example.test`;

export interface MemberSpec {
  email?: string;
  password?: string;
  firstName?: string;
  verified?: boolean;
  status?: UserStatus;
  /** An administrator: an active OWNER unless `adminRole` names another role. */
  isAdmin?: boolean;
  adminRole?: AdminRole;
  sponsorId?: string;
  /** The subscription paid now for a year (10 USDT), as the deposit scanner would record it. */
  subscriptionPaid?: boolean;
  /** Any other column, as written (the referral code is the builder's). */
  columns?: Partial<NewUser>;
}

function administrator(spec: MemberSpec): Pick<NewUser, 'is_admin' | 'admin_role' | 'admin_status'> {
  if (!spec.isAdmin && !spec.adminRole) return { is_admin: false };
  return { is_admin: true, admin_role: spec.adminRole ?? 'OWNER', admin_status: 'ACTIVE' };
}

/**
 * An active administrator of `role` as an invitation makes one: no referral code, no sponsor.
 * (createMember with `isAdmin` makes the network root's kind: an administrator who holds a code.)
 */
export function createAdministrator(db: Kysely<Database>, role: AdminRole, spec: MemberSpec = {}): Promise<UserRow> {
  return insertUser(db, { ...spec, isAdmin: true, adminRole: role }, null);
}

/**
 * A member written straight to the database the way registration writes one (the user row and
 * its closure rows in one transaction): verified and active unless told otherwise, with a
 * referral code of their own.
 */
export async function createMember(db: Kysely<Database>, spec: MemberSpec = {}): Promise<CodeHolderRow> {
  const referralCode = newReferralCode();
  return { ...(await insertUser(db, spec, referralCode)), referral_code: referralCode };
}

async function insertUser(db: Kysely<Database>, spec: MemberSpec, referralCode: string | null): Promise<UserRow> {
  const passwordHash = await hashOnce(spec.password ?? strongPassword);
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .insertInto('users')
      .values({
        first_name: spec.firstName ?? 'Ada',
        last_name: 'Lovelace',
        email: spec.email ?? uniqueEmail(),
        password_hash: passwordHash,
        is_email_verified: spec.verified ?? true,
        ...administrator(spec),
        status: spec.status ?? 'ACTIVE',
        sponsor_id: spec.sponsorId ?? null,
        ...(spec.subscriptionPaid
          ? {
              subscription_paid_at: new Date(),
              subscription_period_ends_at: new Date(Date.now() + 365 * 86_400_000),
              subscription_amount: '10',
            }
          : {}),
        ...spec.columns,
        referral_code: referralCode,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (member.sponsor_id) await attachToSponsor(trx, member.id, member.sponsor_id);
    return member;
  });
}

/** A member below `sponsor` (or a root), with any columns set as given: the downline tests' shape. */
export function addMember(
  db: Kysely<Database>,
  sponsor: UserRow | null,
  columns: Partial<NewUser> = {},
): Promise<CodeHolderRow> {
  return createMember(db, { sponsorId: sponsor?.id, columns });
}

/** A chain of `length` members, each the sponsor of the next, below `sponsor`. */
export async function addChain(db: Kysely<Database>, sponsor: UserRow, length: number): Promise<CodeHolderRow[]> {
  const chain: CodeHolderRow[] = [];
  for (let index = 0; index < length; index += 1) {
    chain.push(await addMember(db, chain.at(-1) ?? sponsor));
  }
  return chain;
}

export function registrationBody(referredByCode: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: uniqueEmail('grace'),
    password: strongPassword,
    referredByCode,
    ...overrides,
  };
}

export async function signIn(app: FastifyInstance, email: string, password = strongPassword): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The headers of a request made in `user`'s session (a member's or an administrator's), signed without a sign-in. */
export const sessionHeaders = (app: FastifyInstance, user: Pick<UserRow, 'id'>) =>
  bearer(app.context.sessionTokens.sign(user.id));

export function mailTo(db: Kysely<Database>, email: string): Promise<MailRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where(sql<string>`lower(to_address)`, '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .execute();
}

/** The one audit row of a target: the test fails unless the action wrote exactly one. */
export async function soleAuditRowOf(db: Kysely<Database>, targetId: string): Promise<AuditLogRow> {
  const rows = await db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).execute();
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/**
 * Does what the mail worker does first on each run: writes the reset and verification mails asked
 * for by address into the outbox (the test app runs no worker).
 */
export function composeRequestedMail(t: TestApp): Promise<number> {
  return composeRequestedAccountMail({ db: t.database.db, config: t.config });
}

/** The token of the newest link to `path` (e.g. '/verify-email') in mail to `email`. */
export async function tokenFromLatestMail(db: Kysely<Database>, email: string, path: string): Promise<string> {
  const [latest] = await mailTo(db, email);
  const match = latest?.text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in the latest mail to ${email}`);
  return match[1];
}

/** Settings under which an approval is taken on its transaction hash alone: no chain is asked. */
export function payoutsUnverified(): Partial<Config> {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/uplink-test-data' });
  return { withdrawals: { ...base.withdrawals, verifyPayouts: false } };
}

/** A second app on the test's database with other settings (rate limits, keys): cheaper than a new database. */
export async function appWithSettings(t: TestApp, overrides: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp({ config: { ...t.config, ...overrides }, db: t.database.db, logger: false });
  await app.ready();
  return app;
}

/**
 * The answers to `requests`, sent one after another to an app with these rate limits (closed
 * afterwards): every rate-limit test is "N requests, then 429".
 */
export async function answersUnderRateLimits(
  t: TestApp,
  rateLimits: Config['rateLimits'],
  requests: InjectOptions[],
): Promise<LightMyRequestResponse[]> {
  const limited = await appWithSettings(t, { rateLimits });
  try {
    const answers: LightMyRequestResponse[] = [];
    for (const request of requests) answers.push(await limited.inject(request));
    return answers;
  } finally {
    await limited.close();
  }
}

export const statusesOf = (answers: LightMyRequestResponse[]) => answers.map((answer) => answer.statusCode);

/** When the member last signed in, as sign-in records it (null: never). */
export async function lastSignInOf(db: Kysely<Database>, member: UserRow): Promise<Date | null> {
  const row = await db
    .selectFrom('users')
    .select('last_login_at')
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  return row.last_login_at;
}

export interface SignInAttempts {
  failedAttempts: number;
  lockedUntil: Date | null;
}

/** The failed-password series of an address as sign-in counts it (none: 0 and no cool-down). */
export async function signInAttemptsOf(t: TestApp, email: string): Promise<SignInAttempts> {
  const row = await t.database.db
    .selectFrom('sign_in_attempts')
    .select(['attempts', 'locked_until'])
    .where('email_key', '=', signInAttemptKey(t.config.keys.codeHmac, email))
    .executeTakeFirst();
  return { failedAttempts: row?.attempts ?? 0, lockedUntil: row?.locked_until ?? null };
}

/** Puts an address in the given state of failures and cool-down, as if it had happened. */
export async function setSignInAttempts(t: TestApp, email: string, state: SignInAttempts): Promise<void> {
  const row = {
    email_key: signInAttemptKey(t.config.keys.codeHmac, email),
    attempts: state.failedAttempts,
    locked_until: state.lockedUntil,
  };
  await t.database.db
    .insertInto('sign_in_attempts')
    .values(row)
    .onConflict((conflict) => conflict.column('email_key').doUpdateSet(row))
    .execute();
}

export interface RewardSpec {
  beneficiary: UserRow;
  source: UserRow;
  /** Decimal string, at most 8 decimals. */
  amount: string;
  level?: number;
  type?: 'DIRECT' | 'DOWNLINE';
  cycle?: number;
  /** LOCKED books a pending credit. */
  state?: 'POSTED' | 'LOCKED';
  createdAt?: Date;
  masterAmount?: string;
  percent?: string;
}

/**
 * A reward booked the way the reward writers book one: the row, its counter and its ledger credit.
 * A DOWNLINE reward is its cycle's credit, so a beneficiary gets at most one per cycle here.
 */
export async function creditReward(db: Kysely<Database>, spec: RewardSpec): Promise<string> {
  const at = spec.createdAt ?? new Date();
  const type = spec.type ?? 'DOWNLINE';
  const level = spec.level ?? 1;
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('rewards')
      .values({
        beneficiary_id: spec.beneficiary.id,
        source_user_id: spec.source.id,
        type,
        level,
        cycle: spec.cycle ?? 1,
        plan_version: 1,
        percent: spec.percent ?? '5',
        master_amount: spec.masterAmount ?? '100',
        reward_amount: spec.amount,
        state: spec.state ?? 'POSTED',
        created_at: at,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO reward_counts AS rc (beneficiary_id, type, level, rewards)
      VALUES (${spec.beneficiary.id}, ${type}, ${level}, 1)
      ON CONFLICT (beneficiary_id, type, level) DO UPDATE SET rewards = rc.rewards + 1`.execute(trx);
    // As the writers book them: whole cents of the exact amount plus the carry, the rest carried;
    // a DIRECT reward on its own, DOWNLINE rewards as the cycle's one credit.
    await sql`
      INSERT INTO ledger_entries (account_id, kind, amount, carry_delta, reason_type, reason_id, created_at)
      SELECT user_id, ${spec.state === 'LOCKED' ? 'CREDIT_PENDING' : 'CREDIT_POSTED'},
             trunc(${spec.amount}::numeric + carry, 2), ${spec.amount}::numeric - trunc(${spec.amount}::numeric + carry, 2),
             ${type === 'DIRECT' ? 'REWARD' : 'REWARD_CYCLE'}, ${type === 'DIRECT' ? id : String(spec.cycle ?? 1)}, ${at}
        FROM ledger_accounts WHERE user_id = ${spec.beneficiary.id}
         FOR UPDATE`.execute(trx);
    return id;
  });
}

/** A fresh exchange UID (12 digits, never ending in 9: the sandbox treats those as not copying). */
export const uniqueUid = () => `4${randomBytes(6).readUIntBE(0, 6).toString().padStart(11, '0').slice(0, 10)}1`;

/**
 * The columns of a member who has paid for a year, linked `uid` and holds `balance` USDT on the
 * exchange: compliant whenever they are also copying.
 */
export function linkedMemberColumns(uid: string, balance = '250'): Partial<NewUser> {
  const now = new Date();
  return {
    bingx_uid: uid,
    bingx_balance: balance,
    bingx_linked_at: now,
    bingx_balance_checked_at: now,
    subscription_paid_at: now,
    subscription_period_ends_at: new Date(now.getTime() + 365 * 86_400_000),
    subscription_amount: '10',
  };
}

/** A member who has finished onboarding and holds `balance` USDT available (one posted reward). */
export async function fundedMember(
  db: Kysely<Database>,
  balance: string,
  spec: MemberSpec = {},
): Promise<CodeHolderRow> {
  const member = await createMember(db, { ...spec, columns: { ...linkedMemberColumns(uniqueUid()), ...spec.columns } });
  await creditReward(db, { beneficiary: member, source: member, amount: balance, type: 'DIRECT' });
  return member;
}

/** The 6-digit code of the newest withdrawal-code mail to `email`. */
export async function latestWithdrawalCode(db: Kysely<Database>, email: string): Promise<string> {
  const mail = (await mailTo(db, email)).find((candidate) => candidate.subject.includes('withdrawal code'));
  const code = mail?.text.match(/code to confirm a withdrawal is (\d{6})/)?.[1];
  if (!code) throw new Error(`no withdrawal code mailed to ${email}`);
  return code;
}

/** Verifies the newest withdrawal code mailed to the member, as the withdrawal screen does first; answers the code. */
export async function verifyMailedWithdrawalCode(
  t: TestApp,
  member: UserRow,
  headers: Record<string, string>,
): Promise<string> {
  const otp = await latestWithdrawalCode(t.database.db, member.email);
  const verified = await t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/verify', headers, payload: { otp } });
  expect(verified.statusCode).toBe(200);
  return otp;
}

/** `count` verified codes of the member, written as verification leaves them (the per-member mail limit skipped). */
export async function verifiedWithdrawalCodes(t: TestApp, member: UserRow, count: number): Promise<string[]> {
  const now = t.clock.now();
  const codes = Array.from({ length: count }, (_, index) => String(100_000 + index * 7919).slice(0, 6));
  await t.database.db
    .insertInto('withdrawal_codes')
    .values(
      codes.map((code) => ({
        user_id: member.id,
        code_hash: hashCode(t.config.keys.codeHmac, member.id, code),
        created_at: now,
        expires_at: new Date(now.getTime() + 10 * 60_000),
        verified_at: now,
      })),
    )
    .execute();
  return codes;
}

/** A withdrawal's status as stored: what a refused request must leave as it was. */
export async function storedWithdrawalStatus(
  db: Kysely<Database>,
  withdrawalId: string,
): Promise<WithdrawalRow['status']> {
  const row = await db
    .selectFrom('withdrawals')
    .select('status')
    .where('id', '=', withdrawalId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** The member asks for a withdrawal over the API, with a verified code, to a fresh wallet: the answer. */
export async function askForWithdrawal(t: TestApp, member: UserRow, amount: number | string) {
  const [otp] = await verifiedWithdrawalCodes(t, member, 1);
  return t.app.inject({
    method: 'POST',
    url: '/api/withdrawals',
    headers: bearer(t.app.context.sessionTokens.sign(member.id)),
    payload: { amount, walletAddress: Wallet.createRandom().address, asset: 'USDT', otp },
  });
}

/** A withdrawal the member asks for over the API, with a verified code, to a fresh wallet; gives its id. */
export async function requestedWithdrawal(t: TestApp, member: UserRow, amount: number): Promise<string> {
  const answer = await askForWithdrawal(t, member, amount);
  if (answer.statusCode !== 200) throw new Error(`withdrawal of ${amount} refused: ${answer.body}`);
  return answer.json().data._id;
}

/**
 * A transfer of `amount` USDT to the member's deposit address, as the deposit scanner stores one
 * (not yet credited), from `from` — by default a wallet of the member's own (one shared by many
 * would be a SHARED_FUNDING_WALLET).
 */
export async function receivedSubscriptionTransfer(
  db: Kysely<Database>,
  member: UserRow,
  at: Date,
  from = `0x${randomBytes(20).toString('hex')}`,
  amount = '10',
): Promise<void> {
  await db
    .insertInto('deposit_transfers')
    .values({
      user_id: member.id,
      tx_hash: `0x${randomBytes(32).toString('hex')}`,
      log_index: 0,
      block_number: '1',
      block_hash: `0x${randomBytes(32).toString('hex')}`,
      block_time: at,
      from_address: from,
      to_address: (member.deposit_address ?? '0x0000000000000000000000000000000000000002').toLowerCase(),
      amount,
    })
    .execute();
}
