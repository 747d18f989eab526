import { describe, expect, it } from 'vitest';
import { authenticatorCodeError, secondFactorCodeError, secondFactorCodeSchema, totpCodeSchema } from './admin-totp';

describe('the codes of the second factor as typed', () => {
  it('takes six digits, spaces between them allowed', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(authenticatorCodeError('123456')).toBeNull();
    expect(authenticatorCodeError('')).toBe('Enter the 6-digit code from your authenticator app.');
    for (const typed of ['12345', '1234567', '12345a', '123-456']) {
      expect(authenticatorCodeError(typed)).toBe('The code is 6 digits.');
    }
  });

  it('reads a recovery code in any case, without its dash or spaces', () => {
    expect(secondFactorCodeSchema.parse(' K7FQ2-M9XPA ')).toBe('k7fq2m9xpa');
    expect(secondFactorCodeSchema.parse('123 456')).toBe('123456');
    expect(secondFactorCodeError('k7fq2-m9xpa')).toBeNull();
    expect(secondFactorCodeError(' - ')).toBe('Enter the 6-digit code from your authenticator app.');
    expect(secondFactorCodeError('x'.repeat(33))).toBe('The code is too long.');
  });

  it('refuses invisible characters', () => {
    expect(authenticatorCodeError('123\u200b456')).toBe('Code must not contain control or invisible characters');
  });
});
