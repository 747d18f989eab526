import { accountMessages } from '@uplink/contract/accounts';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { accountLocked } from '../../http/domain-error';
import { verifyAgainstNoAccount, verifyPassword } from './password-hashing';
import { releaseSignInAttempt, reserveSignInAttempt, signInAttemptKey } from './sign-in-attempts-repository';

export type PasswordVerdict = 'right' | 'wrong' | 'cooling-down';

/** The answer while a cool-down runs, or to the wrong password that starts one. */
export const coolingDown = () => accountLocked(accountMessages.temporarilyLocked);

export interface PasswordAttemptDependencies {
  db: Kysely<Database>;
  config: Pick<Config, 'jwtSecret' | 'maxLoginAttempts' | 'loginLockMinutes'>;
}

/**
 * Checks a password of the account with this e-mail address under the cool-down shared by
 * sign-in and change-password: the attempt is reserved first (one statement), so a burst gets
 * no more password checks than one attempt after another would; while a cool-down runs no
 * password is checked at all, the right one included. Without an account (`passwordHash`
 * undefined) the same work is spent and the answer is 'wrong' or 'cooling-down' as for one.
 */
export async function checkPasswordAttempt(
  deps: PasswordAttemptDependencies,
  email: string,
  passwordHash: string | undefined,
  password: string,
): Promise<PasswordVerdict> {
  const { db, config } = deps;
  const reservation = await reserveSignInAttempt(db, signInAttemptKey(config.jwtSecret, email), config);
  if (!reservation) return 'cooling-down';
  let right = false;
  if (passwordHash) right = await verifyPassword(passwordHash, password);
  else await verifyAgainstNoAccount(password);
  if (!right) return reservation.startedCoolDown ? 'cooling-down' : 'wrong';
  await releaseSignInAttempt(db, reservation);
  return 'right';
}
