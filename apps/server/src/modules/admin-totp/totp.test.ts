import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { serverKeys } from '../../server-keys';
import { hotp, isAuthenticatorCode, matchingTimeStep, newTotpSecret, timeStep, toBase32 } from './totp';
import { openTotpSecret, sealTotpSecret } from './totp-secret-box';

// The shared secret of the RFC 4226 and RFC 6238 test vectors (SHA-1).
const rfcSecret = Buffer.from('12345678901234567890', 'ascii');

describe('HOTP and TOTP', () => {
  it('gives the HOTP values of RFC 4226 appendix D', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(rfcSecret, counter))).toEqual(expected);
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the SHA-1 TOTP of RFC 6238 appendix B at %i s', (seconds, code) => {
    expect(hotp(rfcSecret, timeStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it('agrees with an independent implementation (otpauth) on random secrets', () => {
    for (let round = 0; round < 20; round += 1) {
      const secret = newTotpSecret();
      const at = new Date(Date.UTC(2026, 0, 1) + round * 7_919_000);
      const theirs = new TOTP({ secret: Secret.fromBase32(toBase32(secret)) }).generate({ timestamp: at.getTime() });
      expect(hotp(secret, timeStep(at))).toBe(theirs);
    }
  });

  it('accepts the code of the current step and of one step either side, naming the step', () => {
    const at = new Date('2026-03-02T10:00:10Z');
    const now = timeStep(at);
    for (const step of [now - 1, now, now + 1]) {
      expect(matchingTimeStep(rfcSecret, hotp(rfcSecret, step), at)).toBe(step);
    }
    for (const step of [now - 2, now + 2]) expect(matchingTimeStep(rfcSecret, hotp(rfcSecret, step), at)).toBeNull();
  });

  it('refuses anything but six digits', () => {
    const secret = newTotpSecret();
    const at = new Date();
    const code = hotp(secret, timeStep(at));
    for (const typed of [`${code}0`, code.slice(1), 'abcdef', '', ` ${code.slice(1)}`]) {
      expect(matchingTimeStep(secret, typed, at)).toBeNull();
    }
    expect(isAuthenticatorCode('012345')).toBe(true);
    expect(isAuthenticatorCode('k7fq2m9xpa')).toBe(false);
  });

  it('writes base32 as RFC 4648 section 10 does, without padding', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [text, base32] of vectors) expect(toBase32(Buffer.from(text))).toBe(base32);
    expect(toBase32(newTotpSecret())).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('the sealed secret', () => {
  const keys = serverKeys({ master: 'test-secret-that-is-long-enough-for-hs256-signing' }).totp;
  const adminId = '7d3c1f9e-5a43-4b8e-9a51-0c2f6b1d2e3f';

  it('opens to the secret it sealed, and hides it', () => {
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(keys, adminId, secret);
    expect(openTotpSecret(keys, adminId, sealed).equals(secret)).toBe(true);
    expect(sealed.startsWith(`${keys[0].id}.`)).toBe(true);
    expect(Buffer.from(sealed.split('.')[1] as string, 'base64').includes(secret)).toBe(false);
    expect(sealed).not.toContain(toBase32(secret));
    expect(sealTotpSecret(keys, adminId, secret)).not.toBe(sealed);
  });

  it('does not open for another administrator, another key or after a change', () => {
    const sealed = sealTotpSecret(keys, adminId, newTotpSecret());
    expect(() => openTotpSecret(keys, '00000000-0000-4000-8000-000000000000', sealed)).toThrow();
    const otherServer = serverKeys({ master: 'another-secret-that-is-long-enough-for-hs256' }).totp;
    expect(() => openTotpSecret(otherServer, adminId, sealed)).toThrow();
    const [keyId, box] = sealed.split('.') as [string, string];
    const altered = Buffer.from(box, 'base64');
    altered[altered.length - 1] = (altered.at(-1) ?? 0) ^ 1;
    expect(() => openTotpSecret(keys, adminId, `${keyId}.${altered.toString('base64')}`)).toThrow();
  });
});
