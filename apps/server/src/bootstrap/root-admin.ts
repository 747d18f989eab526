import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config/load-config';
import type { Database } from '../db/schema';
import { setDepositAddress } from '../modules/accounts/account-repository';
import { depositAddressFor } from '../modules/accounts/deposit-addresses';
import { hashPassword } from '../modules/accounts/password-hashing';
import { newReferralCode } from '../modules/accounts/referral-codes';
import { findNetworkRoot } from '../modules/referrals/sponsor-by-code';
import { existingAdminPasswordFile, keepGeneratedAdminPassword } from './admin-password-file';

export const defaultAdminEmail = 'admin@uplink.local';

export interface RootAdmin {
  id: string;
  email: string;
  /** The root invitation code: the first members register with it. */
  referralCode: string;
  /** Set only on the start that created the administrator with a generated password. */
  generatedPassword?: string;
  /**
   * DATA_DIR/admin-password.txt when it holds the generated password: written on the start that
   * generated it, pointed to on later starts while it exists. Null: DATA_DIR could not be written.
   */
  passwordFile?: string | null;
  created: boolean;
}

/**
 * Makes sure an administrator exists; creates the root administrator on the first start. Safe on
 * every start and with several processes starting at once (one transaction-scoped advisory lock).
 *
 * A generated password is written to DATA_DIR (`keepPassword`) inside the transaction that
 * creates the administrator, before it commits: a start that dies after the commit leaves the
 * file, one that dies before it leaves no administrator (the next start generates another and
 * replaces the file). No start can leave an administrator whose password nobody has.
 */
export async function ensureRootAdmin(
  db: Kysely<Database>,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'depositXpub' | 'dataDir'>,
  keepPassword: (dataDir: string, password: string) => string | null = keepGeneratedAdminPassword,
): Promise<RootAdmin> {
  const existing = await firstAdmin(db, config.dataDir);
  if (existing) return existing;
  // Hashing is slow: done once, outside the lock, and only when an administrator is missing.
  const generatedPassword = config.adminPassword ? undefined : generatePassword();
  const passwordHash = await hashPassword(config.adminPassword ?? (generatedPassword as string));
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('uplink:root-admin'))`.execute(trx);
    const created = await firstAdmin(trx, config.dataDir);
    if (created) return created;

    const referralCode = newReferralCode();
    const admin = await trx
      .insertInto('users')
      .values({
        first_name: 'Root',
        last_name: 'Administrator',
        email: config.adminEmail ?? defaultAdminEmail,
        password_hash: passwordHash,
        is_email_verified: true,
        is_admin: true,
        admin_role: 'OWNER',
        admin_status: 'ACTIVE',
        referral_code: referralCode,
      })
      .returning(['id', 'seq', 'email'])
      .executeTakeFirstOrThrow();
    await setDepositAddress(trx, admin.id, depositAddressFor(config.depositXpub, admin.seq));
    const passwordFile = generatedPassword ? keepPassword(config.dataDir, generatedPassword) : undefined;
    return {
      id: admin.id,
      email: admin.email,
      referralCode,
      generatedPassword,
      passwordFile,
      created: true,
    };
  });
}

/** The network root, once the first start made it. It keeps its code: no migration or team change clears it. */
async function firstAdmin(db: Kysely<Database>, dataDir: string): Promise<RootAdmin | undefined> {
  const admin = await findNetworkRoot(db);
  if (!admin) return undefined;
  if (admin.referral_code === null) {
    throw new Error(`The network root ${admin.email} has lost its referral code: nobody can register under it.`);
  }
  const passwordFile = existingAdminPasswordFile(dataDir);
  return {
    id: admin.id,
    email: admin.email,
    referralCode: admin.referral_code,
    created: false,
    ...(passwordFile ? { passwordFile } : {}),
  };
}

/** 18 random hex characters plus one of each class the password rules ask for. */
function generatePassword(): string {
  return `${randomBytes(9).toString('hex')}aA1!`;
}
