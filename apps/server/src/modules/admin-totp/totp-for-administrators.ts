import { errorTexts } from '@uplink/contract/error-codes';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../domain-error';
import type { AdminGate } from '../../http/authentication';
import { findEnrolledTotp } from './admin-totp-repository';

/**
 * In production every administrator turns two-factor sign-in on at their first sign-in, before any
 * admin route but their own second factor's answers (ADMIN_TOTP_REQUIRED, 403: the session
 * stands, and the web app sends them to set it up). Outside production it lets everyone through,
 * so local mode and the demo need no authenticator. Run by the access guard of every admin route,
 * after the caller's role was checked.
 * @rule ADMIN_SECOND_FACTOR
 */
export function totpRequiredInProduction(deps: Pick<AppContext, 'db' | 'config'>): AdminGate {
  return async (request) => {
    if (!deps.config.production) return;
    if (await findEnrolledTotp(deps.db, request.currentUser.id)) return;
    throw new DomainError('ADMIN_TOTP_REQUIRED', errorTexts.ADMIN_TOTP_REQUIRED);
  };
}
