import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  /** The user's `_id`. */
  sub: string;
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

  sign(userId: string): Promise<string> {
    return new SignJWT({})
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
      return typeof payload.sub === 'string' ? { sub: payload.sub } : null;
    } catch {
      return null;
    }
  }
}
