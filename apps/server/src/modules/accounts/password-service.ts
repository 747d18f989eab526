import { accountMessages } from '@uplink/contract/accounts';
import {
  type ChangePasswordInput,
  changePasswordError,
  resetPasswordMessages,
  unmetPasswordRequirements,
} from '@uplink/contract/password-rules';
import type { UserRow } from '../../db/schema';
import { DomainError, validationFailed } from '../../http/domain-error';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { passwordResetMail } from './account-mails';
import { findUserByEmail, findUserById, setPasswordHash } from './account-repository';
import { consumeAccountToken, issueAccountToken, revokeAccountTokens } from './account-tokens';
import type { AccountsDependencies } from './accounts-dependencies';
import { hashPassword, verifyPassword } from './password-hashing';

/**
 * Sends a reset link when the address belongs to an account. The caller answers the same either
 * way, and nothing is sent inline (the outbox worker does it), so neither the answer nor its
 * timing tells whether the address is registered.
 */
export async function requestPasswordReset(deps: AccountsDependencies, email: string): Promise<void> {
  const { db, config } = deps;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await db.transaction().execute(async (trx) => {
    const token = await issueAccountToken(trx, user.id, 'PASSWORD_RESET');
    await enqueueMail(trx, user.email, passwordResetMail({ firstName: user.first_name }, config.publicUrl, token));
  });
  deps.mailWorker.wake();
}

export interface PasswordReset {
  token?: string;
  newPassword: string;
  confirmPassword: string;
}

/** Sets a new password through a reset link; the link, and every other open reset link, is used up. */
export async function resetPassword(deps: AccountsDependencies, reset: PasswordReset): Promise<void> {
  if (!reset.token) throw new DomainError('TOKEN_REQUIRED', accountMessages.resetTokenRequired, 400);
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
    if (!user) throw new DomainError('INVALID_OR_EXPIRED_TOKEN', accountMessages.resetTokenInvalid, 400);
    // Throwing rolls the transaction back, so the link stays usable once the account is active again.
    if (user.status !== 'ACTIVE') throw new DomainError('ACCOUNT_NOT_ACTIVE', accountMessages.accountNotActive, 403);
    await setPasswordHash(trx, user.id, passwordHash);
    await revokeAccountTokens(trx, user.id, 'PASSWORD_RESET');
  });
}

/**
 * A signed-in user replaces their password, proving they know the current one. Every other
 * session ends; the caller gets a new token for this one.
 */
export async function changePassword(
  deps: AccountsDependencies,
  user: UserRow,
  input: ChangePasswordInput,
): Promise<{ token: string }> {
  const rule = changePasswordError(input);
  if (rule) throw validationFailed([{ field: 'newPassword', message: rule }]);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new DomainError('CURRENT_PASSWORD_INCORRECT', accountMessages.currentPasswordIncorrect, 400);
  }
  if (input.newPassword === input.currentPassword) {
    throw new DomainError('SAME_PASSWORD_ERROR', accountMessages.samePassword, 400);
  }
  const sessionVersion = await setPasswordHash(deps.db, user.id, await hashPassword(input.newPassword));
  return { token: await deps.sessionTokens.sign(user.id, sessionVersion) };
}
