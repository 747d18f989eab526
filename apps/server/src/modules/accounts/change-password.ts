import { accountMessages } from '@uplink/contract/accounts';
import { type ChangePasswordInput, changePasswordError } from '@uplink/contract/password-rules';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database, UserRow } from '../../db/schema';
import { DomainError, validationFailed } from '../../domain-error';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { passwordChangedMail } from './account-mails';
import { setPasswordHash } from './account-repository';
import { checkPasswordAttempt, coolingDown } from './password-attempts';
import { hashPassword } from './password-hashing';

/**
 * A signed-in user replaces their password, proving they know the current one under the same
 * cool-down as sign-in (a stolen session must not become a way to guess the password). Every
 * other session ends; the caller gets a new token for this one. The owner is told by mail.
 * @rule NEW_PASSWORD_DIFFERS
 */
export async function changePassword(
  deps: Pick<AppContext, 'db' | 'config' | 'sessionTokens' | 'clock' | 'mailWorker'>,
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
  const passwordHash = await hashPassword(input.newPassword);
  const sessionVersion = await deps.db.transaction().execute(async (trx) => {
    const version = await setPasswordHash(trx, user.id, passwordHash);
    await notifyPasswordChanged(trx, deps, user, version);
    return version;
  });
  deps.mailWorker.wake();
  return { token: deps.sessionTokens.sign(user.id, sessionVersion) };
}

/** The essential "password changed" mail, once per change (the new session version is its event). */
export async function notifyPasswordChanged(
  trx: Kysely<Database>,
  deps: Pick<AppContext, 'config' | 'clock'>,
  user: Pick<UserRow, 'id' | 'email' | 'first_name'>,
  sessionVersion: number,
): Promise<void> {
  const mail = passwordChangedMail({ firstName: user.first_name }, deps.config.publicUrl, deps.clock.now());
  await enqueueMail(trx, user.email, mail, { eventKey: `password-changed:${user.id}:${sessionVersion}` });
}
