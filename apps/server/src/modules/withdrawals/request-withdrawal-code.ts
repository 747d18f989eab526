import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema';
import { DomainError } from '../../http/domain-error';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { hashCode, newCode } from './withdrawal-code-hash';
import { countCodesSince, storeCode } from './withdrawal-codes-repository';
import { withdrawalCodeMail } from './withdrawal-mails';

export const codeValidityMinutes = 10;
/** Codes a member may ask for in `codeRequestWindowMinutes`. */
const codeRequestsPerWindow = 5;
const codeRequestWindowMinutes = 15;

/**
 * E-mails the member a new 6-digit code, valid 10 minutes, replacing any earlier one. The code
 * and its mail are written in one transaction (the outbox), so a code is never stored unsent.
 */
export async function requestWithdrawalCode(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailWorker'>,
  member: Pick<UserRow, 'id' | 'email' | 'first_name'>,
): Promise<{ expiresAt: string }> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + codeValidityMinutes * 60_000);
  await db.transaction().execute(async (trx) => {
    const since = new Date(now.getTime() - codeRequestWindowMinutes * 60_000);
    if ((await countCodesSince(trx, member.id, since)) >= codeRequestsPerWindow) {
      throw new DomainError('RATE_LIMITED', 'Too many codes requested. Please wait a few minutes and try again.');
    }
    const code = newCode();
    await storeCode(trx, member.id, hashCode(config.keys.codeHmac, member.id, code), now, expiresAt);
    await enqueueMail(
      trx,
      member.email,
      withdrawalCodeMail({ firstName: member.first_name }, config.publicUrl, code, codeValidityMinutes),
    );
  });
  deps.mailWorker.wake();
  return { expiresAt: expiresAt.toISOString() };
}
