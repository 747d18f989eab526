import type { AppContext } from '../../app-context';
import { requestAccountMail } from './account-mail-requests-repository';

/**
 * Asks for a reset link to this address. The request does the same work whether or not the
 * address has an account (one insert); the mail worker looks the address up later and mails a
 * link only to an account. So neither the answer nor its timing tells who is registered.
 */
export async function requestPasswordReset(deps: Pick<AppContext, 'db' | 'mailWorker'>, email: string): Promise<void> {
  await requestAccountMail(deps.db, 'PASSWORD_RESET', email);
  deps.mailWorker.wake();
}
