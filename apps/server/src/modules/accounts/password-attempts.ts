import { accountMessages } from '@uplink/contract/accounts';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/load-config';
import type { Database } from '../../db/schema';
import { accountLocked } from '../../domain-error';
import { verifyAgainstNoAccount, verifyPassword } from './password-hashing';
import {
  type AttemptReservation,
  releaseSignInAttempt,
  reserveSignInAttempt,
  signInAttemptKey,
} from './sign-in-attempts-repository';

export type PasswordVerdict = 'right' | 'wrong' | 'cooling-down';

/** The answer while a cool-down runs, or to the wrong password that starts one. */
export const coolingDown = () => accountLocked(accountMessages.temporarilyLocked);

export interface PasswordAttemptDependencies {
  db: Kysely<Database>;
  config: Pick<Config, 'keys' | 'maxLoginAttempts' | 'loginLockMinutes'>;
}

/** A password check whose attempt is still counted when the password was right. */
export type KeptPasswordCheck =
  | { verdict: 'wrong' }
  | { verdict: 'cooling-down' }
  | { verdict: 'right'; reservation: AttemptReservation };

/**
 * Checks a password of the account with this e-mail address under the cool-down shared by
 * sign-in and change-password: the attempt is reserved first (one statement), so a burst gets
 * no more password checks than one attempt after another would; while a cool-down runs no
 * password is checked at all, the right one included. Without an account (`passwordHash`
 * undefined) the same work is spent and the answer is 'wrong' or 'cooling-down' as for one.
 * @rule SIGN_IN_COOL_DOWN
 */
export async function checkPasswordAttempt(
  deps: PasswordAttemptDependencies,
  email: string,
  passwordHash: string | undefined,
  password: string,
): Promise<PasswordVerdict> {
  const check = await checkPasswordKeepingAttempt(deps, email, passwordHash, password);
  if (check.verdict === 'right') await releaseSignInAttempt(deps.db, check.reservation);
  return check.verdict;
}

/**
 * `checkPasswordAttempt`, but a right password leaves its attempt counted, for the caller to give
 * back (`releaseSignInAttempt`) once the sign-in is complete: with a second factor still to come,
 * a right password alone must not wipe the failures of wrong codes.
 */
export async function checkPasswordKeepingAttempt(
  deps: PasswordAttemptDependencies,
  email: string,
  passwordHash: string | undefined,
  password: string,
): Promise<KeptPasswordCheck> {
  const { db, config } = deps;
  const reservation = await reserveSignInAttempt(db, signInAttemptKey(config.keys.codeHmac, email), config);
  if (!reservation) return { verdict: 'cooling-down' };
  let right = false;
  if (passwordHash) right = await verifyPassword(passwordHash, password);
  else await verifyAgainstNoAccount(password);
  if (!right) return reservation.startedCoolDown ? { verdict: 'cooling-down' } : { verdict: 'wrong' };
  return { verdict: 'right', reservation };
}
