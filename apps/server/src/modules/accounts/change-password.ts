import { accountMessages } from '@uplink/contract/accounts';
import { type ChangePasswordInput, changePasswordError } from '@uplink/contract/password-rules';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema';
import { DomainError, validationFailed } from '../../http/domain-error';
import { setPasswordHash } from './account-repository';
import { checkPasswordAttempt, coolingDown } from './password-attempts';
import { hashPassword } from './password-hashing';

/**
 * A signed-in user replaces their password, proving they know the current one under the same
 * cool-down as sign-in (a stolen session must not become a way to guess the password). Every
 * other session ends; the caller gets a new token for this one.
 */
export async function changePassword(
  deps: Pick<AppContext, 'db' | 'config' | 'sessionTokens'>,
  user: UserRow,
  input: ChangePasswordInput,
): Promise<{ token: string }> {
  const rule = changePasswordError(input);
  if (rule) throw validationFailed([{ field: 'newPassword', message: rule }]);
  const verdict = await checkPasswordAttempt(deps, user.email, user.password_hash, input.currentPassword);
  if (verdict === 'cooling-down') throw coolingDown();
  if (verdict === 'wrong') {
    throw new DomainError('CURRENT_PASSWORD_INCORRECT', accountMessages.currentPasswordIncorrect);
  }
  if (input.newPassword === input.currentPassword) {
    throw new DomainError('SAME_PASSWORD_ERROR', accountMessages.samePassword);
  }
  const sessionVersion = await setPasswordHash(deps.db, user.id, await hashPassword(input.newPassword));
  return { token: deps.sessionTokens.sign(user.id, sessionVersion) };
}
