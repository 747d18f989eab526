import { adminTotpTexts, type TotpEnabled } from '@uplink/contract/admin-totp';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../domain-error';
import { endEarlierSessions } from '../accounts/account-repository';
import { type ActingAdministrator, recordTotpChange } from './acting-administrator';
import { confirmEnrolment, findAdminTotp, saveRecoveryCodes } from './admin-totp-repository';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { invalidCode } from './second-factor-errors';
import { matchingTimeStep } from './totp';
import { openTotpSecret } from './totp-secret-box';

const noEnrolment = () => new DomainError('INVALID_STATUS', adminTotpTexts.noEnrolment);

/**
 * The first code from the authenticator proves it holds the waiting secret: TOTP is on from now,
 * that code's step counts as used, and the administrator gets recovery codes, shown this once
 * and kept only as HMACs. Every session opened before ends (one opened with the password alone
 * must not outlive the factor that now guards sign-in); the calling one goes on with the token
 * answered. Turning it on, the new session version and the audit row are one transaction.
 */
export async function confirmTotpEnrolment(
  deps: Pick<AppContext, 'db' | 'config' | 'clock' | 'sessionTokens'>,
  administrator: ActingAdministrator,
  code: string,
): Promise<TotpEnabled> {
  const { user } = administrator;
  const waiting = await findAdminTotp(deps.db, user.id);
  if (!waiting) throw noEnrolment();
  if (waiting.enrolled_at) throw new DomainError('INVALID_STATUS', adminTotpTexts.alreadyEnabled);
  const now = deps.clock.now();
  const secret = openTotpSecret(deps.config.keys.totp, user.id, waiting.secret_sealed);
  const step = matchingTimeStep(secret, code, now);
  if (step === null) throw invalidCode();

  const recoveryCodes = newRecoveryCodes();
  const sessionVersion = await deps.db.transaction().execute(async (trx) => {
    // Restarted or confirmed meanwhile: this code no longer belongs to the waiting secret.
    if (!(await confirmEnrolment(trx, user.id, waiting.secret_sealed, step, now))) throw noEnrolment();
    await saveRecoveryCodes(
      trx,
      user.id,
      recoveryCodes.map((recoveryCode) => hashRecoveryCode(deps.config.keys.totp[0], user.id, recoveryCode)),
    );
    await recordTotpChange(
      trx,
      administrator,
      { action: 'ADMIN_TOTP_ENROLLED', before: { totpEnabled: false }, after: { totpEnabled: true } },
      now,
    );
    return endEarlierSessions(trx, user.id);
  });
  return { recoveryCodes, token: deps.sessionTokens.sign(user.id, sessionVersion) };
}
