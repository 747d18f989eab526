import { errorTexts } from '@uplink/contract/error-codes';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../domain-error';
import { findEnrolledTotp } from './admin-totp-repository';

/**
 * The guard of every route that moves or commits payouts — a withdrawal's decision, a payment
 * claim's release, a demo payment, a batch's creation, deletion, approval and export, reconciliation's
 * manual steps: in production the administrator must have two-factor sign-in turned on
 * (ADMIN_TOTP_REQUIRED otherwise). Outside production it lets everyone through, so local mode and
 * the demo need no authenticator. Declared on the route after its admin access:
 * `onRequest: totpRequiredForPayouts(app.context)` (it runs after the access guard, which sets
 * `currentUser`, and before the body is read).
 */
export function totpRequiredForPayouts(deps: Pick<AppContext, 'db' | 'config'>) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!deps.config.production) return;
    if (await findEnrolledTotp(deps.db, request.currentUser.id)) return;
    throw new DomainError('ADMIN_TOTP_REQUIRED', errorTexts.ADMIN_TOTP_REQUIRED);
  };
}
