import type { TotpDisabled } from '@uplink/contract/admin-totp';
import type { AppContext } from '../../app-context';
import { endEarlierSessions } from '../accounts/account-repository';
import { coolingDown } from '../accounts/password-attempts';
import { releaseSignInAttempt, reserveSignInAttempt, signInAttemptKey } from '../accounts/sign-in-attempts-repository';
import { type ActingAdministrator, recordTotpChange } from './acting-administrator';
import { consumeRecoveryCode, deleteAdminTotp, findEnrolledTotp, lockEnrolledTotp } from './admin-totp-repository';
import { recoveryCodeHashes } from './recovery-codes';
import { invalidCode, totpNotEnabled } from './second-factor-errors';
import { isAuthenticatorCode, matchingTimeStep } from './totp';
import { openTotpSecret } from './totp-secret-box';

/**
 * The administrator turns TOTP off with a current code (one not used before) or an unused
 * recovery code. Each try spends a sign-in attempt, under the sign-in cool-down: a stolen session
 * must not become a way to guess codes. Every other session ends (a new session version); the
 * calling one goes on with the token answered. The factor, its recovery codes, the session
 * version and the audit row go in one transaction.
 */
export async function removeTotp(
  deps: Pick<AppContext, 'db' | 'config' | 'clock' | 'sessionTokens'>,
  administrator: ActingAdministrator,
  code: string,
): Promise<TotpDisabled> {
  const { db, config } = deps;
  const { user } = administrator;
  if (!(await findEnrolledTotp(db, user.id))) throw totpNotEnabled();
  const reservation = await reserveSignInAttempt(db, signInAttemptKey(config.keys.codeHmac, user.email), config);
  if (!reservation) throw coolingDown();

  const now = deps.clock.now();
  const sessionVersion = await db.transaction().execute(async (trx) => {
    const factor = await lockEnrolledTotp(trx, user.id);
    if (!factor) throw totpNotEnabled();
    let verifiedWith: 'TOTP' | 'RECOVERY_CODE';
    if (isAuthenticatorCode(code)) {
      const step = matchingTimeStep(openTotpSecret(config.keys.totp, user.id, factor.secret_sealed), code, now);
      if (step === null || step <= factor.last_step) return null;
      verifiedWith = 'TOTP';
    } else {
      const codeHashes = recoveryCodeHashes(config.keys.totp, user.id, code);
      if (!(await consumeRecoveryCode(trx, user.id, codeHashes, now))) return null;
      verifiedWith = 'RECOVERY_CODE';
    }
    await deleteAdminTotp(trx, user.id);
    await recordTotpChange(
      trx,
      administrator,
      { action: 'ADMIN_TOTP_REMOVED', before: { totpEnabled: true }, after: { totpEnabled: false, verifiedWith } },
      now,
    );
    return endEarlierSessions(trx, user.id);
  });
  if (sessionVersion === null) throw reservation.startedCoolDown ? coolingDown() : invalidCode();
  await releaseSignInAttempt(db, reservation);
  return { token: deps.sessionTokens.sign(user.id, sessionVersion) };
}
