import type { LoginResult } from '@uplink/contract/accounts';
import { adminTotpTexts, type TotpSignInInput } from '@uplink/contract/admin-totp';
import type { AppContext } from '../../app-context';
import { unauthorized } from '../../domain-error';
import { findUserById } from '../accounts/account-repository';
import { coolingDown } from '../accounts/password-attempts';
import { openSession, refuseUnusableAccount } from '../accounts/sign-in';
import { releaseSignInAttempt, reserveSignInAttempt, signInAttemptKey } from '../accounts/sign-in-attempts-repository';
import { acceptSignInRecoveryCode, acceptSignInStep, findEnrolledTotp } from './admin-totp-repository';
import { recoveryCodeHashes } from './recovery-codes';
import { invalidCode } from './second-factor-errors';
import { isAuthenticatorCode, matchingTimeStep } from './totp';
import { verifyTotpChallenge } from './totp-challenge';
import { openTotpSecret } from './totp-secret-box';

const challengeExpired = () => unauthorized(adminTotpTexts.challengeExpired);

/**
 * The second step of an administrator's sign-in: the challenge of the right password and a code
 * (the authenticator's, of a step not used before, or an unused recovery code) open the session
 * a password alone opens for others. Each code tried is a sign-in attempt under the same
 * cool-down as passwords. A challenge is good for one sign-in, 5 minutes, and only while the
 * password (session version) and the factor stay as they were.
 */
export async function completeTotpSignIn(
  deps: Pick<AppContext, 'db' | 'config' | 'sessionTokens' | 'clock'>,
  input: TotpSignInInput,
): Promise<LoginResult> {
  const { db, config } = deps;
  const now = deps.clock.now();
  const claims = verifyTotpChallenge(config.keys.sessions.current.secret, input.challengeToken, now);
  const user = claims ? await findUserById(db, claims.adminId) : undefined;
  const factor = user ? await findEnrolledTotp(db, user.id) : undefined;
  if (!claims || !user || !factor) throw challengeExpired();
  if (user.session_version !== claims.sessionVersion || factor.sign_ins !== claims.signIns) throw challengeExpired();

  const reservation = await reserveSignInAttempt(db, signInAttemptKey(config.keys.codeHmac, user.email), config);
  if (!reservation) throw coolingDown();
  let accepted = false;
  if (isAuthenticatorCode(input.code)) {
    const step = matchingTimeStep(openTotpSecret(config.keys.totp, user.id, factor.secret_sealed), input.code, now);
    accepted = step !== null && (await acceptSignInStep(db, user.id, step, claims.signIns));
  } else {
    const codeHashes = recoveryCodeHashes(config.keys.totp, user.id, input.code);
    accepted = await acceptSignInRecoveryCode(db, user.id, codeHashes, claims.signIns, now);
  }
  if (!accepted) throw reservation.startedCoolDown ? coolingDown() : invalidCode();
  await releaseSignInAttempt(db, reservation);

  refuseUnusableAccount(user);
  return openSession(deps, user);
}
