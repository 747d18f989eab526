import type { OtpStatus } from '@uplink/contract/withdrawals';
import type { AppContext } from '../../app-context';
import { codeAttempts, findNewestCode } from './withdrawal-codes-repository';

/** Whether the member has a usable code, verified or not, and until when. */
export async function viewWithdrawalCodeStatus(
  deps: Pick<AppContext, 'db' | 'clock'>,
  memberId: string,
): Promise<OtpStatus> {
  const code = await findNewestCode(deps.db, memberId);
  const now = deps.clock.now();
  const live = code !== undefined && !code.used_at && code.expires_at > now;
  const attemptsLeft = live ? codeAttempts - code.attempts : 0;
  return {
    active: live && (code.verified_at !== null || attemptsLeft > 0),
    verified: live && code.verified_at !== null,
    expiresAt: live ? code.expires_at.toISOString() : null,
    attemptsLeft,
  };
}
