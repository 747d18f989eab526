import type { Kysely } from 'kysely';
import type { Config } from '../../config/load-config';
import type { Database } from '../../db/schema';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { type AccountMailRequest, takeAccountMailRequests } from './account-mail-requests-repository';
import { passwordResetMail, verificationMail } from './account-mails';
import { findUserByEmail } from './account-repository';
import { issueAccountToken, tokenLifetimeMs } from './account-tokens';

export interface RequestedMailDependencies {
  db: Kysely<Database>;
  config: Pick<Config, 'publicUrl'>;
}

const batchSize = 50;

/**
 * Turns the reset and verification mails asked for by address into outbox mail, in the mail
 * worker, after the request has been answered. Only here is the address looked up: a reset link
 * goes to any account, a verification link to an account not verified yet, and anything else
 * is dropped without trace. Resolves with the number of mails written.
 */
export async function composeRequestedAccountMail(deps: RequestedMailDependencies): Promise<number> {
  let composed = 0;
  for (;;) {
    const { taken, written } = await deps.db.transaction().execute(async (trx) => {
      const requests = await takeAccountMailRequests(trx, batchSize);
      let count = 0;
      for (const request of requests) if (await composeOne(trx, deps.config.publicUrl, request)) count += 1;
      return { taken: requests.length, written: count };
    });
    composed += written;
    if (taken < batchSize) return composed;
  }
}

async function composeOne(db: Kysely<Database>, publicUrl: string, request: AccountMailRequest): Promise<boolean> {
  const user = await findUserByEmail(db, request.email);
  if (!user) return false;
  if (request.purpose === 'PASSWORD_RESET') {
    const token = await issueAccountToken(db, user.id, 'PASSWORD_RESET');
    await enqueueMail(db, user.email, passwordResetMail({ firstName: user.first_name }, publicUrl, token), {
      oneTime: { kind: 'password-reset', validForMs: tokenLifetimeMs.PASSWORD_RESET },
    });
    return true;
  }
  if (user.is_email_verified) return false;
  const token = await issueAccountToken(db, user.id, 'EMAIL_VERIFICATION');
  await enqueueMail(db, user.email, verificationMail({ firstName: user.first_name }, publicUrl, token), {
    oneTime: { kind: 'email-verification', validForMs: tokenLifetimeMs.EMAIL_VERIFICATION },
  });
  return true;
}
