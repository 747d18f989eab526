import { createSigner, createVerifier } from 'fast-jwt';
import type { ServerKeys } from '../server-keys';

export interface SessionClaims {
  /** The user's `_id`. */
  sub: string;
  /** The user's session version when the token was issued. */
  sessionVersion: number;
}

type Verify = (token: string) => Record<string, unknown>;

/**
 * Signs and checks the bearer tokens of signed-in users (JWT, HS256, with expiry). Every API call
 * verifies one, so both run synchronously on node:crypto's HMAC (no per-call key import).
 *
 * A token names its key in the header (`kid`): signed with the current session key, it is
 * checked with the key it names — the current one, or during a rotation the previous one — so
 * sessions survive a change of SESSION_SECRET while the previous one is still configured. A token
 * without a `kid`, or naming another key, is refused.
 */
export class SessionTokens {
  readonly #sign: (payload: { sv: number; sub: string }) => string;
  readonly #verifiers: Map<string, Verify>;
  /**
   * The verifier of each of our keys by the exact header segment our signer writes: the header
   * of every token we issued is one of these, so a call finds its key without parsing JSON.
   */
  readonly #verifiersByHeader = new Map<string, Verify>();

  constructor(keys: ServerKeys['sessions'], expiresInHours: number) {
    const { current, previous } = keys;
    const signer = (key: { id: string; secret: Buffer }) =>
      createSigner({ key: key.secret, algorithm: 'HS256', kid: key.id, expiresIn: expiresInHours * 3_600_000 });
    this.#sign = signer(current);
    this.#verifiers = new Map();
    for (const key of previous && previous.id !== current.id ? [current, previous] : [current]) {
      // A token verified once is answered from the cache until it expires (or for 10 minutes):
      // every API call checks one (5.7 µs instead of 12.4 here), and the session's own check (its
      // version in the caller's row) still runs on each. The cache is keyed by fast-jwt's own hash
      // of the token: a key of our own would be one more thing to get exactly right.
      const verify: Verify = createVerifier({
        key: key.secret,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
        cache: 1000,
      });
      this.#verifiers.set(key.id, verify);
      const sample = signer(key)({ sv: 0, sub: '' });
      this.#verifiersByHeader.set(sample.slice(0, sample.indexOf('.')), verify);
    }
  }

  sign(userId: string, sessionVersion = 0): string {
    return this.#sign({ sv: sessionVersion, sub: userId });
  }

  /** The claims of a valid token, or null for a bad, tampered, expired one or one of an unknown key. */
  verify(token: string): SessionClaims | null {
    try {
      const verify =
        this.#verifiersByHeader.get(token.slice(0, token.indexOf('.'))) ?? this.#verifiers.get(keyIdOf(token));
      if (!verify) return null;
      const payload = verify(token);
      if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
      return { sub: payload.sub, sessionVersion: payload.sv };
    } catch {
      return null;
    }
  }
}

/** The `kid` of a JWT's header; '' when it has none (the signature is checked after, with that key). */
function keyIdOf(token: string): string {
  const header: unknown = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString());
  const kid = (header as { kid?: unknown } | null)?.kid;
  return typeof kid === 'string' ? kid : '';
}
