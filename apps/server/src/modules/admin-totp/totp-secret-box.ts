import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the server's session
 * secret, so a copy of the database alone gives no administrator's authenticator away. The
 * administrator's id is the associated data: a ciphertext moved to another row does not open.
 */
const ivBytes = 12;
const tagBytes = 16;

const secretBoxKey = (sessionSecret: string) =>
  Buffer.from(hkdfSync('sha256', sessionSecret, 'uplink', 'admin-totp secret at rest', 32));

/** `iv | tag | ciphertext`, base64. */
export function sealTotpSecret(sessionSecret: string, adminId: string, secret: Buffer): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', secretBoxKey(sessionSecret), iv);
  cipher.setAAD(Buffer.from(adminId));
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/** The secret; throws when the box was altered, belongs to another administrator or another key. */
export function openTotpSecret(sessionSecret: string, adminId: string, sealed: string): Buffer {
  const box = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secretBoxKey(sessionSecret), box.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(adminId));
  decipher.setAuthTag(box.subarray(ivBytes, ivBytes + tagBytes));
  return Buffer.concat([decipher.update(box.subarray(ivBytes + tagBytes)), decipher.final()]);
}
