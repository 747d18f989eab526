import { accountMessages } from '@uplink/contract/accounts';
import type { UserRow } from '../../db/schema';
import { DomainError, notFound, validationFailed } from '../../http/domain-error';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { verificationMail } from './account-mails';
import { findUserByEmail, markEmailVerified } from './account-repository';
import { consumeAccountToken, issueAccountToken } from './account-tokens';
import type { AccountsDependencies } from './accounts-dependencies';

export interface VerificationMailRequest {
  /** The signed-in user, when the request carries a session. */
  signedInUser?: UserRow;
  /** Otherwise the address the client kept from registration or an unverified sign-in. */
  email?: string;
}

/** Sends a fresh verification link; earlier links stay valid until they expire. */
export async function sendVerificationEmail(
  deps: AccountsDependencies,
  request: VerificationMailRequest,
): Promise<void> {
  const { db, config } = deps;
  let user = request.signedInUser;
  if (!user) {
    if (!request.email) throw validationFailed([{ field: 'email', message: 'Email is required' }]);
    user = await findUserByEmail(db, request.email);
    if (!user) throw notFound('USER_NOT_FOUND', accountMessages.userNotFound);
  }
  if (user.is_email_verified) {
    throw new DomainError('EMAIL_ALREADY_VERIFIED', accountMessages.emailAlreadyVerified, 400);
  }
  const recipient = user;
  await db.transaction().execute(async (trx) => {
    const token = await issueAccountToken(trx, recipient.id, 'EMAIL_VERIFICATION');
    await enqueueMail(
      trx,
      recipient.email,
      verificationMail({ firstName: recipient.first_name }, config.publicUrl, token),
    );
  });
  deps.mailWorker.wake();
}

/** Uses a verification link; each link works once. */
export async function verifyEmail(deps: AccountsDependencies, token: string | undefined): Promise<void> {
  if (!token) throw new DomainError('TOKEN_REQUIRED', accountMessages.tokenRequired, 400);
  await deps.db.transaction().execute(async (trx) => {
    const userId = await consumeAccountToken(trx, token, 'EMAIL_VERIFICATION');
    if (!userId) throw new DomainError('INVALID_OR_EXPIRED_TOKEN', accountMessages.verificationTokenInvalid, 400);
    await markEmailVerified(trx, userId);
  });
}
