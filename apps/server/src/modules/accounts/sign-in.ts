import { accountMessages, type LoginInput, type LoginResult } from '@uplink/contract/accounts';
import { errorTexts } from '@uplink/contract/error-codes';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema';
import { accountDisabled, accountLocked, DomainError } from '../../domain-error';
import { findUserByEmail, recordSuccessfulSignIn } from './account-repository';
import { checkPasswordKeepingAttempt, coolingDown } from './password-attempts';
import { releaseSignInAttempt } from './sign-in-attempts-repository';

const invalidCredentials = () => new DomainError('UNAUTHORIZED', accountMessages.invalidCredentials);

/** A right password opens a session, or, for an administrator with a second factor, earns a challenge. */
export type SignInOutcome = { session: LoginResult } | { totpChallenge: string };

/**
 * A second factor an administrator may have (the admin-totp module's TOTP), passed in by the
 * composition so that accounts does not import the module that builds on it.
 */
export interface SecondFactor {
  /** The challenge `admin` must answer with a code, or undefined when they have no second factor. */
  challengeFor(admin: UserRow): Promise<string | undefined>;
}

/**
 * Checks the credentials and opens a session. Unknown e-mail and wrong password look the same
 * (same answer, same work, the same cool-down after bad passwords in a row, kept apart from the
 * LOCKED status an administrator sets); the account state is revealed only to the owner of the
 * right password. An administrator who turned on TOTP gets a challenge instead, to send back
 * with the code (`completeTotpSignIn`).
 */
export async function signIn(
  deps: Pick<AppContext, 'db' | 'config' | 'sessionTokens' | 'clock'>,
  secondFactor: SecondFactor,
  credentials: LoginInput,
): Promise<SignInOutcome> {
  const user = await findUserByEmail(deps.db, credentials.email);
  const check = await checkPasswordKeepingAttempt(deps, credentials.email, user?.password_hash, credentials.password);
  if (check.verdict === 'cooling-down') throw coolingDown();
  if (check.verdict === 'wrong' || !user) throw invalidCredentials();

  const totpChallenge = user.is_admin ? await secondFactor.challengeFor(user) : undefined;
  // With a code still to come the attempt stays counted until the code is right: a right
  // password must not wipe the failures of wrong codes.
  if (!totpChallenge) await releaseSignInAttempt(deps.db, check.reservation);
  else if (check.reservation.startedCoolDown) throw coolingDown();
  refuseUnusableAccount(user);

  if (totpChallenge) return { totpChallenge };
  return { session: await openSession(deps, user) };
}

/**
 * An account that may not sign in, whatever its credentials: LOCKED, DISABLED, a suspended administrator's or unverified.
 * @rule VERIFIED_EMAIL_TO_SIGN_IN
 */
export function refuseUnusableAccount(user: UserRow): void {
  if (user.status === 'LOCKED') throw accountLocked();
  if (user.status === 'DISABLED') throw accountDisabled();
  if (user.admin_status === 'SUSPENDED') throw new DomainError('ADMIN_SUSPENDED', errorTexts.ADMIN_SUSPENDED);
  if (!user.is_email_verified) {
    throw new DomainError('EMAIL_NOT_VERIFIED', accountMessages.emailNotVerified, { requiresVerification: true });
  }
}

/** The session of a user who proved every factor. */
export async function openSession(deps: Pick<AppContext, 'db' | 'sessionTokens'>, user: UserRow): Promise<LoginResult> {
  await recordSuccessfulSignIn(deps.db, user.id);
  return {
    token: deps.sessionTokens.sign(user.id, user.session_version),
    isEmailVerified: true,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
  };
}
