import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionTokens } from './session-tokens';

const keyA = { id: 'key-a', secret: randomBytes(32) };
const keyB = { id: 'key-b', secret: randomBytes(32) };

/** A token signed by hand, with the header's fields in the order given: what another signer could write. */
function handSigned(header: Record<string, unknown>, payload: Record<string, unknown>, secret: Buffer): string {
  const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signed = `${encode(header)}.${encode(payload)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/**
 * Every API call verifies a session token, so the check finds the key by the header our signer
 * writes and keeps the tokens it verified: neither may let through what the plain check refuses.
 */
describe('session tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies its own tokens, again and again, and refuses any changed byte', () => {
    const tokens = new SessionTokens({ current: keyA, previous: null }, 1);
    const token = tokens.sign('member-1', 3);
    for (let call = 0; call < 3; call += 1)
      expect(tokens.verify(token)).toEqual({ sub: 'member-1', sessionVersion: 3 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ sv: 3, sub: 'member-2', exp: inAnHour() })).toString('base64url');
    expect(tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    // The first character: the last one of a 32-byte signature carries two padding bits, and
    // A to D differ only in those, so a change there was no change in 1 run of 16.
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(tokens.verify('not-a-token')).toBeNull();
  });

  it('refuses a token it verified once as soon as the token expires', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new SessionTokens({ current: keyA, previous: null }, 1);
    const token = tokens.sign('member-1');
    expect(tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 59 * 60_000);
    expect(tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(tokens.verify(token)).toBeNull();
  });

  it('checks a token with the key its header names, however that header is written', () => {
    const rotated = new SessionTokens({ current: keyB, previous: keyA }, 1);
    const beforeRotation = new SessionTokens({ current: keyA, previous: null }, 1).sign('member-1');
    expect(rotated.verify(beforeRotation)).toEqual({ sub: 'member-1', sessionVersion: 0 });
    const payload = { sv: 1, sub: 'member-1', exp: inAnHour() };
    const reordered = handSigned({ kid: 'key-a', typ: 'JWT', alg: 'HS256' }, payload, keyA.secret);
    expect(rotated.verify(reordered)).toEqual({ sub: 'member-1', sessionVersion: 1 });
    // The key named must be the key that signed: key B's name on key A's signature is refused.
    expect(rotated.verify(handSigned({ alg: 'HS256', typ: 'JWT', kid: 'key-b' }, payload, keyA.secret))).toBeNull();
    expect(rotated.verify(handSigned({ alg: 'HS256', typ: 'JWT' }, payload, keyB.secret))).toBeNull();
    expect(rotated.verify(handSigned({ alg: 'HS256', typ: 'JWT', kid: 'key-c' }, payload, keyB.secret))).toBeNull();
  });

  it('no longer accepts a key once it is dropped from the configuration', () => {
    const token = new SessionTokens({ current: keyA, previous: null }, 1).sign('member-1');
    expect(new SessionTokens({ current: keyB, previous: null }, 1).verify(token)).toBeNull();
  });
});
