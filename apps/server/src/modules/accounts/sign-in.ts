import { accountMessages, type LoginInput, type LoginResult } from '@uplink/contract/accounts';
import type { AppContext } from '../../app-context';
import { accountDisabled, accountLocked, DomainError } from '../../http/domain-error';
import { findUserByEmail, recordSuccessfulSignIn } from './account-repository';
import { checkPasswordAttempt, coolingDown } from './password-attempts';

const invalidCredentials = () => new DomainError('UNAUTHORIZED', accountMessages.invalidCredentials);

/**
 * Checks the credentials and opens a session. Unknown e-mail and wrong password look the same
 * (same answer, same work, the same cool-down after bad passwords in a row, kept apart from the
 * LOCKED status an administrator sets); the account state is revealed only to the owner of the
 * right password.
 */
export async function signIn(
  deps: Pick<AppContext, 'db' | 'config' | 'sessionTokens'>,
  credentials: LoginInput,
): Promise<LoginResult> {
  const user = await findUserByEmail(deps.db, credentials.email);
  const verdict = await checkPasswordAttempt(deps, credentials.email, user?.password_hash, credentials.password);
  if (verdict === 'cooling-down') throw coolingDown();
  if (verdict === 'wrong' || !user) throw invalidCredentials();

  if (user.status === 'LOCKED') throw accountLocked();
  if (user.status === 'DISABLED') throw accountDisabled();
  if (!user.is_email_verified) {
    throw new DomainError('EMAIL_NOT_VERIFIED', accountMessages.emailNotVerified, { requiresVerification: true });
  }

  await recordSuccessfulSignIn(deps.db, user.id);
  return {
    token: await deps.sessionTokens.sign(user.id, user.session_version),
    isEmailVerified: true,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
  };
}
