import { hkdfSync } from 'node:crypto';
import { totpChallengeMinutes } from '@uplink/contract/admin-totp';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The challenge a right password earns an administrator with a second factor: a JWT that names
 * the administrator, their session version and how many second-factor sign-ins they had when it
 * was issued, valid 5 minutes. Its key is derived from the session secret for this purpose alone,
 * so it never verifies as a session token (nor a session token as a challenge). A sign-in
 * completed with it counts one more second-factor sign-in, which leaves it (and every challenge
 * issued before) spent.
 */
export interface TotpChallengeClaims {
  adminId: string;
  sessionVersion: number;
  /** The administrator's second-factor sign-ins when the challenge was issued. */
  signIns: number;
}

const purpose = 'admin-totp-sign-in';

const challengeKey = (sessionSecret: string) =>
  new Uint8Array(hkdfSync('sha256', sessionSecret, 'uplink', 'admin-totp sign-in challenge', 32));

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function issueTotpChallenge(sessionSecret: string, claims: TotpChallengeClaims, at: Date): Promise<string> {
  return new SignJWT({ purpose, sv: claims.sessionVersion, n: claims.signIns })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.adminId)
    .setIssuedAt(epochSeconds(at))
    .setExpirationTime(epochSeconds(at) + totpChallengeMinutes * 60)
    .sign(challengeKey(sessionSecret));
}

/** The claims of a challenge valid at `at`, or null for a forged, altered, foreign or expired one. */
export async function verifyTotpChallenge(
  sessionSecret: string,
  token: string,
  at: Date,
): Promise<TotpChallengeClaims | null> {
  try {
    const { payload } = await jwtVerify(token, challengeKey(sessionSecret), {
      algorithms: ['HS256'],
      currentDate: at,
      requiredClaims: ['exp', 'sub'],
    });
    if (payload.purpose !== purpose || typeof payload.sub !== 'string') return null;
    if (typeof payload.sv !== 'number' || typeof payload.n !== 'number') return null;
    return { adminId: payload.sub, sessionVersion: payload.sv, signIns: payload.n };
  } catch {
    return null;
  }
}
