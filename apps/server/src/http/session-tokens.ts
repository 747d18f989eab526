import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  /** The user's `_id`. */
  sub: string;
  /** The user's session version when the token was issued. */
  sessionVersion: number;
}

/** Signs and checks the bearer tokens of signed-in users (JWT, HS256, with expiry). */
export class SessionTokens {
  readonly #key: Uint8Array;
  constructor(
    secret: string,
    private readonly expiresInHours: number,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  sign(userId: string, sessionVersion = 0): Promise<string> {
    return new SignJWT({ sv: sessionVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${this.expiresInHours}h`)
      .sign(this.#key);
  }

  /** The claims of a valid token, or null for a bad, tampered or expired one. */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
      return { sub: payload.sub, sessionVersion: payload.sv };
    } catch {
      return null;
    }
  }
}
