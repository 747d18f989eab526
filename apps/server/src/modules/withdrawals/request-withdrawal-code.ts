import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { hashCode, newCode } from './withdrawal-code-hash';
import { countCodesSince, endLiveCodes, lockMemberCodes, storeCode } from './withdrawal-codes-repository';
import { checkWithdrawalAllowed, type WithdrawalIntent } from './withdrawal-eligibility';
import { withdrawalCodeMail } from './withdrawal-mails';

export const codeValidityMinutes = 10;
/** Codes a member may ask for in `codeRequestWindowMinutes`. */
const codeRequestsPerWindow = 5;
const codeRequestWindowMinutes = 15;

/**
 * E-mails the member a new 6-digit code, valid 10 minutes, ending any earlier one (verified or
 * not). Given the withdrawal it is for, its checks (`checkWithdrawalAllowed`: account, pending
 * limit, address, balance) run first, so a withdrawal that would be refused costs no code. The
 * checks and the limit are counted, the code and its mail written (the outbox) in one transaction
 * under the member's row lock: a code is never stored unsent, and concurrent requests cannot
 * pass the limit together.
 */
export async function requestWithdrawalCode(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailWorker'>,
  member: Pick<UserRow, 'id' | 'email' | 'first_name'>,
  intent?: WithdrawalIntent,
): Promise<{ expiresAt: string }> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + codeValidityMinutes * 60_000);
  await db.transaction().execute(async (trx) => {
    await lockMemberCodes(trx, member.id);
    if (intent) await checkWithdrawalAllowed(trx, { config, now }, member.id, intent);
    const since = new Date(now.getTime() - codeRequestWindowMinutes * 60_000);
    if ((await countCodesSince(trx, member.id, since)) >= codeRequestsPerWindow) {
      throw new DomainError('RATE_LIMITED', 'Too many codes requested. Please wait a few minutes and try again.');
    }
    await endLiveCodes(trx, member.id, now);
    const code = newCode();
    await storeCode(trx, member.id, hashCode(config.keys.codeHmac, member.id, code), now, expiresAt);
    await enqueueMail(
      trx,
      member.email,
      withdrawalCodeMail({ firstName: member.first_name }, config.publicUrl, code, codeValidityMinutes),
      { oneTime: { kind: 'withdrawal-code', validForMs: codeValidityMinutes * 60_000 } },
    );
  });
  deps.mailWorker.wake();
  return { expiresAt: expiresAt.toISOString() };
}
