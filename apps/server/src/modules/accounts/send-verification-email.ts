import { accountMessages } from '@uplink/contract/accounts';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema';
import { DomainError, validationFailed } from '../../domain-error';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { requestAccountMail } from './account-mail-requests-repository';
import { verificationMail } from './account-mails';
import { issueAccountToken, tokenLifetimeMs } from './account-tokens';

export interface VerificationMailRequest {
  /** The signed-in user, when the request carries a session. */
  signedInUser?: UserRow;
  /** Otherwise the address the client kept from registration or an unverified sign-in. */
  email?: string;
}

/**
 * Sends a fresh verification link; earlier links stay valid until they expire.
 *
 * Asked for by address, the answer is the same for an unknown, a verified and an unverified
 * address and so is the work (one request row): the mail worker decides later whether a link
 * goes out. Asked for with a session, the account is the caller's own, so it is told when the
 * address is already verified.
 */
export async function sendVerificationEmail(
  deps: Pick<AppContext, 'db' | 'config' | 'mailWorker'>,
  request: VerificationMailRequest,
): Promise<void> {
  const { db, config } = deps;
  const user = request.signedInUser;
  if (!user) {
    if (!request.email) throw validationFailed([{ field: 'email', message: 'Email is required' }]);
    await requestAccountMail(db, 'EMAIL_VERIFICATION', request.email);
    deps.mailWorker.wake();
    return;
  }
  if (user.is_email_verified) {
    throw new DomainError('EMAIL_ALREADY_VERIFIED', accountMessages.emailAlreadyVerified);
  }
  await db.transaction().execute(async (trx) => {
    const token = await issueAccountToken(trx, user.id, 'EMAIL_VERIFICATION');
    await enqueueMail(trx, user.email, verificationMail({ firstName: user.first_name }, config.publicUrl, token), {
      oneTime: { kind: 'email-verification', validForMs: tokenLifetimeMs.EMAIL_VERIFICATION },
    });
  });
  deps.mailWorker.wake();
}
