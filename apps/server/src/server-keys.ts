import { createHash, hkdfSync } from 'node:crypto';

/**
 * The server's keys, one per purpose, so that each can change without the others: a session key
 * rotates without touching TOTP enrolments or outstanding codes. Each is configured apart
 * (SESSION_SECRET, CODE_HMAC_SECRET, TOTP_SEALING_SECRET) or else derived from the master secret
 * (JWT_SECRET) with HKDF-SHA256 under its purpose's name, never used as it is.
 */
export interface ServerKeys {
  /** Signs session tokens (named by `id`, the token's `kid`); `previous` still verifies during a rotation. */
  sessions: { current: SessionKey; previous: SessionKey | null };
  /** Keys the HMACs of one-time codes (withdrawal codes) and of the sign-in attempt counters. */
  codeHmac: Buffer;
  /**
   * Seals TOTP secrets and keys recovery codes. New enrolments use the first; the others open
   * what was sealed before: under the key derived from JWT_SECRET (before TOTP_SEALING_SECRET was
   * set), and under the scheme of the versions before per-purpose keys (`legacy`).
   */
  totp: [TotpKey, ...TotpKey[]];
}

export interface SessionKey {
  /** The key's id (its `kid`): a digest of it, which tells nothing about the key. */
  id: string;
  secret: Buffer;
}

export interface TotpKey {
  /** The sealed secret's prefix (`<id>.`); `legacy` boxes have none. */
  id: string;
  sealing: Buffer;
  recoveryCodes: Buffer;
}

export interface ServerSecrets {
  /** JWT_SECRET: every key not configured apart is derived from it. */
  master: string;
  session?: string;
  sessionPrevious?: string;
  codeHmac?: string;
  totpSealing?: string;
}

const derive = (secret: string | Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'uplink', purpose, 32));

const keyId = (secret: Buffer) =>
  createHash('sha256').update('uplink key id\0').update(secret).digest('base64url').slice(0, 16);

const sessionKey = (secret: Buffer): SessionKey => ({ id: keyId(secret), secret });

function totpKey(root: Buffer): TotpKey {
  return {
    id: keyId(root),
    sealing: derive(root, 'admin-totp secret at rest'),
    recoveryCodes: derive(root, 'admin-totp recovery codes'),
  };
}

/** Before per-purpose keys: secrets sealed under a key derived from JWT_SECRET, recovery codes keyed by it as it is. */
function legacyTotpKey(master: string): TotpKey {
  return { id: 'legacy', sealing: derive(master, 'admin-totp secret at rest'), recoveryCodes: Buffer.from(master) };
}

export function serverKeys(secrets: ServerSecrets): ServerKeys {
  const { master } = secrets;
  const derivedTotp = totpKey(derive(master, 'admin-totp'));
  const totp: [TotpKey, ...TotpKey[]] = secrets.totpSealing
    ? [totpKey(Buffer.from(secrets.totpSealing)), derivedTotp]
    : [derivedTotp];
  return {
    sessions: {
      current: sessionKey(secrets.session ? Buffer.from(secrets.session) : derive(master, 'session tokens')),
      previous: secrets.sessionPrevious ? sessionKey(Buffer.from(secrets.sessionPrevious)) : null,
    },
    codeHmac: secrets.codeHmac ? Buffer.from(secrets.codeHmac) : derive(master, 'one-time code hmac'),
    totp: [...totp, legacyTotpKey(master)],
  };
}
