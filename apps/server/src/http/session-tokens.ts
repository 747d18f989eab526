import { createSigner, createVerifier } from 'fast-jwt';

export interface SessionClaims {
  /** The user's `_id`. */
  sub: string;
  /** The user's session version when the token was issued. */
  sessionVersion: number;
}

/**
 * Signs and checks the bearer tokens of signed-in users (JWT, HS256, with expiry). Every API call
 * verifies one, so both run synchronously on node:crypto's HMAC (no per-call key import).
 */
export class SessionTokens {
  readonly #sign: (payload: { sv: number; sub: string }) => string;
  readonly #verify: (token: string) => Record<string, unknown>;

  constructor(secret: string, expiresInHours: number) {
    this.#sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: expiresInHours * 3_600_000 });
    this.#verify = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
  }

  sign(userId: string, sessionVersion = 0): string {
    return this.#sign({ sv: sessionVersion, sub: userId });
  }

  /** The claims of a valid token, or null for a bad, tampered or expired one. */
  verify(token: string): SessionClaims | null {
    try {
      const payload = this.#verify(token);
      if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
      return { sub: payload.sub, sessionVersion: payload.sv };
    } catch {
      return null;
    }
  }
}
