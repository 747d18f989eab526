import { createHmac, randomInt } from 'node:crypto';
import { recoveryCodeCount } from '@uplink/contract/admin-totp';
import type { TotpKey } from '../../server-keys';

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
 * count): an HMAC under a TOTP key, bound to the administrator, so the table alone does not let
 * the codes be guessed offline.
 */
export const hashRecoveryCode = (key: TotpKey, adminId: string, code: string) =>
  createHmac('sha256', key.recoveryCodes)
    .update(`admin-recovery-code:${adminId}:${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest('hex');

/** What a typed recovery code may be stored as: its HMAC under each key of the ring (codes issued before a key change included). */
export const recoveryCodeHashes = (keys: readonly TotpKey[], adminId: string, code: string) =>
  keys.map((key) => hashRecoveryCode(key, adminId, code));
