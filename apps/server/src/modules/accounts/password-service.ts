import { accountMessages, type ResetPasswordInput } from '@uplink/contract/accounts';
import {
  type ChangePasswordInput,
  changePasswordError,
  resetPasswordMessages,
  unmetPasswordRequirements,
} from '@uplink/contract/password-rules';
import type { UserRow } from '../../db/schema';
import { DomainError, validationFailed } from '../../http/domain-error';
import { requestAccountMail } from './account-mail-requests-repository';
import { findUserById, setPasswordHash } from './account-repository';
import { consumeAccountToken, revokeAccountTokens } from './account-tokens';
import type { AccountsDependencies } from './accounts-dependencies';
import { checkPasswordAttempt, coolingDown } from './password-attempts';
import { hashPassword } from './password-hashing';
import { clearSignInAttempts, signInAttemptKey } from './sign-in-attempts-repository';

/**
 * Asks for a reset link to this address. The request does the same work whether or not the
 * address has an account (one insert); the mail worker looks the address up later and mails a
 * link only to an account. So neither the answer nor its timing tells who is registered.
 */
export async function requestPasswordReset(deps: AccountsDependencies, email: string): Promise<void> {
  await requestAccountMail(deps.db, 'PASSWORD_RESET', email);
  deps.mailWorker.wake();
}

/** Sets a new password through a reset link; the link, and every other open reset link, is used up. */
export async function resetPassword(deps: AccountsDependencies, reset: ResetPasswordInput): Promise<void> {
  if (!reset.token) throw new DomainError('TOKEN_REQUIRED', accountMessages.resetTokenRequired);
  const unmet = unmetPasswordRequirements(reset.newPassword);
  if (unmet.length > 0) {
    throw validationFailed(unmet.map((message) => ({ field: 'newPassword', message })));
  }
  if (reset.newPassword !== reset.confirmPassword) {
    throw validationFailed([{ field: 'confirmPassword', message: resetPasswordMessages.mismatch }]);
  }
  const token = reset.token;
  const passwordHash = await hashPassword(reset.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    const userId = await consumeAccountToken(trx, token, 'PASSWORD_RESET');
    const user = userId ? await findUserById(trx, userId) : undefined;
    if (!user) throw new DomainError('INVALID_OR_EXPIRED_TOKEN', accountMessages.resetTokenInvalid);
    // Throwing rolls the transaction back, so the link stays usable once the account is active again.
    if (user.status !== 'ACTIVE') throw new DomainError('ACCOUNT_NOT_ACTIVE', accountMessages.accountNotActive);
    await setPasswordHash(trx, user.id, passwordHash);
    await revokeAccountTokens(trx, user.id, 'PASSWORD_RESET');
    // The owner has just proven who they are: a sign-in cool-down on the address ends too.
    await clearSignInAttempts(trx, signInAttemptKey(deps.config.jwtSecret, user.email));
  });
}

/**
 * A signed-in user replaces their password, proving they know the current one under the same
 * cool-down as sign-in (a stolen session must not become a way to guess the password). Every
 * other session ends; the caller gets a new token for this one.
 */
export async function changePassword(
  deps: AccountsDependencies,
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
  return { token: await deps.sessionTokens.sign(user.id, sessionVersion) };
}
