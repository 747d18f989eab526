import { accountMessages } from '@uplink/contract/accounts';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../domain-error';
import { markEmailVerified } from './account-repository';
import { consumeAccountToken } from './account-tokens';

/** Uses a verification link; each link works once. */
export async function verifyEmail(deps: Pick<AppContext, 'db'>, token: string | undefined): Promise<void> {
  if (!token) throw new DomainError('TOKEN_REQUIRED', accountMessages.tokenRequired);
  await deps.db.transaction().execute(async (trx) => {
    const userId = await consumeAccountToken(trx, token, 'EMAIL_VERIFICATION');
    if (!userId) throw new DomainError('INVALID_OR_EXPIRED_TOKEN', accountMessages.verificationTokenInvalid);
    await markEmailVerified(trx, userId);
  });
}
