import type { AppContext } from '../../app-context';
import type { SecondFactor } from '../accounts/sign-in';
import { findEnrolledTotp } from './admin-totp-repository';
import { issueTotpChallenge } from './totp-challenge';

/** TOTP as the administrators' second factor at sign-in: a challenge once they have enrolled. */
export function totpSecondFactor(deps: Pick<AppContext, 'db' | 'config' | 'clock'>): SecondFactor {
  return {
    async challengeFor(admin) {
      const factor = await findEnrolledTotp(deps.db, admin.id);
      if (!factor) return undefined;
      const claims = { adminId: admin.id, sessionVersion: admin.session_version, signIns: factor.sign_ins };
      return issueTotpChallenge(deps.config.keys.sessions.current.secret, claims, deps.clock.now());
    },
  };
}
