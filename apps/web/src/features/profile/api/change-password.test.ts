import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { changePasswordFailure } from './change-password';

describe('changePasswordFailure', () => {
  it('shows the server message of a refusal', () => {
    const refusal = new ApiError('CURRENT_PASSWORD_INCORRECT', 'Current password is incorrect', 400);
    expect(errorText(refusal, changePasswordFailure)).toBe('Current password is incorrect');
  });

  it("falls back to 'Failed to change password' when the server sent no message", () => {
    expect(errorText(new ApiError('SAME_PASSWORD_ERROR', '', 400), changePasswordFailure)).toBe(
      'Failed to change password',
    );
  });

  it('asks to try again when the call itself failed', () => {
    expect(errorText(new ApiError('NETWORK_ERROR', 'Network error', 0), changePasswordFailure)).toBe(
      'Failed to change password. Please try again.',
    );
    expect(errorText(new TypeError('fetch failed'), changePasswordFailure)).toBe(
      'Failed to change password. Please try again.',
    );
  });
});
