import type { AppContext } from '../../app-context';
import { DomainError } from '../../domain-error';
import { codeMatches } from './withdrawal-code-hash';
import { codeAttempts, findNewestCode, markVerified, takeAttempt } from './withdrawal-codes-repository';

const invalid = (message: string) => new DomainError('INVALID_OTP', message);

/**
 * Checks the member's newest code: 5 tries in all, then it is dead; a verified code then
 * authorises one withdrawal within its 10 minutes. Checking a verified code again answers for
 * its digits alone and takes a try like any check.
 */
export async function verifyWithdrawalCode(
  deps: Pick<AppContext, 'db' | 'clock' | 'config'>,
  memberId: string,
  otp: string,
): Promise<void> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const code = await findNewestCode(db, memberId);
  if (!code || code.used_at) throw invalid('No code is waiting. Please request a new code.');
  if (code.expires_at <= now) throw invalid('The code has expired. Please request a new code.');
  const attempt = await takeAttempt(db, code.id, now);
  if (!attempt) throw invalid('Too many wrong codes. Please request a new code.');
  if (!codeMatches(config.keys.codeHmac, memberId, otp, attempt.code_hash)) {
    const left = codeAttempts - attempt.attempts;
    throw invalid(
      left > 0
        ? `Invalid OTP code. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'Too many wrong codes. Please request a new code.',
    );
  }
  if (!code.verified_at) await markVerified(db, code.id, now);
}
