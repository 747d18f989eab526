import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { totpDigits, totpPeriodSeconds } from '@uplink/contract/admin-totp';

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226): HMAC-SHA1 of the 30-second time step, dynamically
 * truncated to 6 digits. A code of the step before or after the current one is accepted too, for
 * clocks a little apart and codes typed at the turn of a step.
 */

/** 160 bits, the HMAC-SHA1 key size RFC 4226 recommends. */
export const newTotpSecret = (): Buffer => randomBytes(20);

/** The number of 30-second steps since the Unix epoch: the HOTP counter of the moment. */
export const timeStep = (at: Date): number => Math.floor(at.getTime() / 1000 / totpPeriodSeconds);

/** RFC 4226 section 5.3: the HMAC of the 8-byte big-endian counter, truncated to `digits` digits. */
export function hotp(secret: Buffer, counter: number, digits = totpDigits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** A code typed as the authenticator's digits, not a recovery code. */
export const isAuthenticatorCode = (code: string): boolean => new RegExp(`^\\d{${totpDigits}}$`).test(code);

/** Steps a code may belong to, newest first: the current one and one on either side. */
const acceptedSteps = (at: Date): number[] => {
  const current = timeStep(at);
  return [current + 1, current, current - 1];
};

/**
 * The time step whose code `code` is, within the window around `at`, or null. Every step of the
 * window is compared, in constant time, so the answer's timing says nothing about which matched.
 */
export function matchingTimeStep(secret: Buffer, code: string, at: Date): number | null {
  if (!isAuthenticatorCode(code)) return null;
  const given = Buffer.from(code);
  let matched: number | null = null;
  for (const step of acceptedSteps(at)) {
    const equal = timingSafeEqual(given, Buffer.from(hotp(secret, step)));
    if (equal && matched === null) matched = step;
  }
  return matched;
}

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps take a secret. */
export function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    // Only the bits not yet written matter (fewer than 13): keep the number small.
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      text += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += base32Alphabet[(value << (5 - bits)) & 31];
  return text;
}
