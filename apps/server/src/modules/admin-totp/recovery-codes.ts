import { createHmac, randomInt } from 'node:crypto';
import { recoveryCodeCount } from '@uplink/contract/admin-totp';

/** Lower-case letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const codeLength = 10;

/** Fresh recovery codes, `xxxxx-xxxxx` (about 49 bits each), shown to the administrator once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const characters = Array.from({ length: codeLength }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

/**
 * The stored form of a recovery code, however it is typed (dashes, spaces and case do not
 * count): an HMAC under the server's secret, bound to the administrator, so the table alone does
 * not let the codes be guessed offline.
 */
export const hashRecoveryCode = (sessionSecret: string, adminId: string, code: string) =>
  createHmac('sha256', sessionSecret)
    .update(`admin-recovery-code:${adminId}:${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest('hex');
