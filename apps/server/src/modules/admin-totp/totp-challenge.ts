import { hkdfSync } from 'node:crypto';
import { totpChallengeMinutes } from '@uplink/contract/admin-totp';
import { createSigner, createVerifier } from 'fast-jwt';

/**
 * The challenge a right password earns an administrator with a second factor: a JWT that names
 * the administrator, their session version and how many second-factor sign-ins they had when it
 * was issued, valid 5 minutes. Its key is derived from the current session key for this purpose alone,
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

const challengeKey = (sessionSecret: Buffer) =>
  Buffer.from(hkdfSync('sha256', sessionSecret, 'uplink', 'admin-totp sign-in challenge', 32));

export function issueTotpChallenge(sessionSecret: Buffer, claims: TotpChallengeClaims, at: Date): string {
  const sign = createSigner({
    key: challengeKey(sessionSecret),
    algorithm: 'HS256',
    clockTimestamp: at.getTime(),
    expiresIn: totpChallengeMinutes * 60_000,
  });
  return sign({ purpose, sv: claims.sessionVersion, n: claims.signIns, sub: claims.adminId });
}

/** The claims of a challenge valid at `at`, or null for a forged, altered, foreign or expired one. */
export function verifyTotpChallenge(sessionSecret: Buffer, token: string, at: Date): TotpChallengeClaims | null {
  const verify = createVerifier({
    key: challengeKey(sessionSecret),
    algorithms: ['HS256'],
    clockTimestamp: at.getTime(),
    requiredClaims: ['exp', 'sub'],
  });
  try {
    const payload = verify(token) as Record<string, unknown>;
    if (payload.purpose !== purpose || typeof payload.sub !== 'string') return null;
    if (typeof payload.sv !== 'number' || typeof payload.n !== 'number') return null;
    return { adminId: payload.sub, sessionVersion: payload.sv, signIns: payload.n };
  } catch {
    return null;
  }
}
