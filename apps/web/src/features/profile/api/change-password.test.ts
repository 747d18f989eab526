import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { changePasswordFailureText } from './change-password';

describe('changePasswordFailureText', () => {
  it('shows the server message of a refusal', () => {
    const refusal = new ApiError('CURRENT_PASSWORD_INCORRECT', 'Current password is incorrect', 400);
    expect(changePasswordFailureText(refusal)).toBe('Current password is incorrect');
  });

  it("falls back to 'Failed to change password' when the server sent no message", () => {
    expect(changePasswordFailureText(new ApiError('SAME_PASSWORD_ERROR', '', 400))).toBe('Failed to change password');
  });

  it('asks to try again when the call itself failed', () => {
    expect(changePasswordFailureText(new ApiError('NETWORK_ERROR', 'Network error', 0))).toBe(
      'Failed to change password. Please try again.',
    );
    expect(changePasswordFailureText(new TypeError('fetch failed'))).toBe(
      'Failed to change password. Please try again.',
    );
  });
});
