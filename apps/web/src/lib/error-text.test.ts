import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorText, sessionEndNotice } from './error-text';

describe('errorText', () => {
  it("prefers the server's message", () => {
    const error = new ApiError('USER_EXISTS', 'An account with this email already exists.', 409);
    expect(errorText(error, { exception: 'fallback' })).toBe('An account with this email already exists.');
  });

  it('uses the catalogue text of the code when the server sent no message', () => {
    expect(errorText(new ApiError('WALLET_ADDRESS_IN_USE', '', 409))).toBe(
      'This address is already used by a pending withdrawal.',
    );
  });

  it('always gives the connection text for a NETWORK_ERROR', () => {
    expect(errorText(new ApiError('NETWORK_ERROR', 'socket hang up', 0), { exception: 'fallback' })).toBe(
      'Please check your connection and try again.',
    );
  });

  it('gives the fallback for anything that is not an API error', () => {
    expect(errorText(new Error('boom'), { exception: 'Failed to load' })).toBe('Failed to load');
    expect(errorText('boom')).toBe('An unexpected error occurred');
  });
});

describe('a session the server ended', () => {
  it('tells the sign-in screen why: the catalogue text, or the server text of a lock', () => {
    expect(sessionEndNotice('UNAUTHORIZED', 'Invalid or expired token')).toBe(
      'Your session has ended. Please sign in again.',
    );
    const coolDown = 'Too many failed password attempts. Please try again in a few minutes.';
    expect(sessionEndNotice('ACCOUNT_LOCKED', coolDown)).toBe(coolDown);
    expect(sessionEndNotice('ACCOUNT_DISABLED', '')).toBe('Your account is disabled. Please contact support.');
  });
});
