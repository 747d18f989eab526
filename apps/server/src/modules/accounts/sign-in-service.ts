import { accountMessages, type LoginResult } from '@uplink/contract/accounts';
import { DomainError } from '../../http/domain-error';
import { findUserByEmail, recordFailedSignIn, recordSuccessfulSignIn } from './account-repository';
import type { AccountsDependencies } from './accounts-dependencies';
import { verifyAgainstNoAccount, verifyPassword } from './password-hashing';

export interface Credentials {
  email: string;
  password: string;
}

const invalidCredentials = () => new DomainError('UNAUTHORIZED', accountMessages.invalidCredentials, 401);
const temporarilyLocked = () => new DomainError('ACCOUNT_LOCKED', accountMessages.temporarilyLocked, 423);

/**
 * Checks the credentials and opens a session. Unknown e-mail and wrong password look the same
 * (same answer, same work). Bad passwords in a row lead to a cool-down, kept apart from the
 * LOCKED status an administrator sets; the account state is revealed only to the owner of the
 * right password.
 */
export async function signIn(deps: AccountsDependencies, credentials: Credentials): Promise<LoginResult> {
  const { db, config } = deps;
  const user = await findUserByEmail(db, credentials.email);
  if (!user) {
    await verifyAgainstNoAccount(credentials.password);
    throw invalidCredentials();
  }
  if (user.login_locked_until && user.login_locked_until > new Date()) throw temporarilyLocked();

  if (!(await verifyPassword(user.password_hash, credentials.password))) {
    const failed = await recordFailedSignIn(db, user.id, config.maxLoginAttempts, config.loginLockMinutes);
    if (failed.lockedUntil) throw temporarilyLocked();
    throw invalidCredentials();
  }

  if (user.status === 'LOCKED') throw new DomainError('ACCOUNT_LOCKED', accountMessages.accountLocked, 403);
  if (user.status === 'DISABLED') throw new DomainError('ACCOUNT_DISABLED', accountMessages.accountDisabled, 403);
  if (!user.is_email_verified) {
    throw new DomainError('EMAIL_NOT_VERIFIED', accountMessages.emailNotVerified, 403, { requiresVerification: true });
  }

  await recordSuccessfulSignIn(db, user.id);
  return {
    token: await deps.sessionTokens.sign(user.id, user.session_version),
    isEmailVerified: true,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
  };
}
