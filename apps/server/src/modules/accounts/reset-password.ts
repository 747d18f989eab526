import { accountMessages, type ResetPasswordInput } from '@uplink/contract/accounts';
import { resetPasswordMessages, unmetPasswordRequirements } from '@uplink/contract/password-rules';
import type { AppContext } from '../../app-context';
import { DomainError, validationFailed } from '../../domain-error';
import { findUserById, setPasswordHash } from './account-repository';
import { consumeAccountToken, revokeAccountTokens } from './account-tokens';
import { notifyPasswordChanged } from './change-password';
import { hashPassword } from './password-hashing';
import { clearSignInAttempts, signInAttemptKey } from './sign-in-attempts-repository';

/** Sets a new password through a reset link; the link, and every other open reset link, is used up. */
export async function resetPassword(
  deps: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailWorker'>,
  reset: ResetPasswordInput,
): Promise<void> {
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
    await notifyPasswordChanged(trx, deps, user, await setPasswordHash(trx, user.id, passwordHash));
    await revokeAccountTokens(trx, user.id, 'PASSWORD_RESET');
    // The owner has just proven who they are: a sign-in cool-down on the address ends too.
    await clearSignInAttempts(trx, signInAttemptKey(deps.config.keys.codeHmac, user.email));
  });
  deps.mailWorker.wake();
}
