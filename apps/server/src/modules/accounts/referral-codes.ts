import { randomInt } from 'node:crypto';
import { referralCodeAlphabet, referralCodeLength } from '@uplink/contract/constants';

/** A fresh invitation code: 8 characters of the unambiguous alphabet, uniform (no modulo bias). */
export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < referralCodeLength; index += 1) {
    code += referralCodeAlphabet[randomInt(referralCodeAlphabet.length)];
  }
  return code;
}
