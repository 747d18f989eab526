import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { otpLength } from '@uplink/contract/constants';

/** A fresh code: `otpLength` digits from the CSPRNG. */
export const newCode = () => String(randomInt(0, 10 ** otpLength)).padStart(otpLength, '0');

/**
 * The stored form of a code: an HMAC under the code key (`ServerKeys.codeHmac`), bound to the
 * member, so a copy of the table does not give the codes away to a million guesses.
 */
export const hashCode = (secret: Buffer, memberId: string, code: string) =>
  createHmac('sha256', secret).update(`withdrawal-code:${memberId}:${code}`).digest('hex');

export function codeMatches(secret: Buffer, memberId: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(secret, memberId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
