import type { TotpStatus } from '@uplink/contract/admin-totp';
import type { AppContext } from '../../app-context';
import { countRecoveryCodesLeft, findEnrolledTotp } from './admin-totp-repository';

/** Whether the administrator signs in with TOTP, since when, and how many recovery codes are unused. */
export async function viewTotpStatus(deps: Pick<AppContext, 'db'>, administratorId: string): Promise<TotpStatus> {
  const factor = await findEnrolledTotp(deps.db, administratorId);
  if (!factor?.enrolled_at) return { enabled: false, enrolledAt: null, recoveryCodesLeft: 0 };
  return {
    enabled: true,
    enrolledAt: factor.enrolled_at.toISOString(),
    recoveryCodesLeft: await countRecoveryCodesLeft(deps.db, administratorId),
  };
}
