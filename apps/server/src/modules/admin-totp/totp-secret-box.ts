import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { ServerKeys, TotpKey } from '../../server-keys';

/**
 * TOTP secrets at rest: AES-256-GCM under the TOTP sealing key (TOTP_SEALING_SECRET, or derived
 * from JWT_SECRET for this purpose alone), so a copy of the database alone gives no
 * administrator's authenticator away, and a change of the session key leaves enrolments intact.
 * The administrator's id is the associated data: a ciphertext moved to another row does not open.
 *
 * A box names the key that sealed it (`<key id>.` before the base64), so the keys of the ring
 * (`ServerKeys.totp`) each open their own; a box without a name was sealed before per-purpose
 * keys and opens with the `legacy` key.
 */
const ivBytes = 12;
const tagBytes = 16;

/** `<key id>.` then `iv | tag | ciphertext` in base64, under the first key of the ring. */
export function sealTotpSecret(keys: ServerKeys['totp'], adminId: string, secret: Buffer): string {
  const [key] = keys;
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key.sealing, iv);
  cipher.setAAD(Buffer.from(adminId));
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
  return `${key.id}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

/** The secret; throws when the box was altered, belongs to another administrator or to a key not in the ring. */
export function openTotpSecret(keys: readonly TotpKey[], adminId: string, sealed: string): Buffer {
  const named = sealed.indexOf('.');
  const keyId = named < 0 ? 'legacy' : sealed.slice(0, named);
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new Error(`TOTP secret sealed under a key this server does not have (${keyId})`);
  const box = Buffer.from(sealed.slice(named + 1), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key.sealing, box.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(adminId));
  decipher.setAuthTag(box.subarray(ivBytes, ivBytes + tagBytes));
  return Buffer.concat([decipher.update(box.subarray(ivBytes + tagBytes)), decipher.final()]);
}
