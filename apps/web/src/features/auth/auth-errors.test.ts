import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  forgotPasswordErrorText,
  registerErrorText,
  resendVerificationErrorText,
  resetPasswordErrorText,
  signInErrorText,
  verifyEmailErrorText,
} from './auth-errors';

const networkError = new ApiError('NETWORK_ERROR', 'Please check your connection and try again.', 0);

function refusal(code: ConstructorParameters<typeof ApiError>[0], message: string, status = 400, data: unknown = null) {
  return new ApiError(code, message, status, { success: false, message, data, error: null, errorCode: code });
}

describe('signInErrorText', () => {
  it('shows the fixed text for wrong credentials whatever the server says', () => {
    expect(signInErrorText(refusal('UNAUTHORIZED', 'Invalid credentials', 401))).toBe(
      'Invalid email or password. Please try again.',
    );
    expect(signInErrorText(refusal('VALIDATION_ERROR', 'Email is invalid'))).toBe(
      'Invalid email or password. Please try again.',
    );
  });

  it("shows the server's text for a locked or disabled account", () => {
    expect(signInErrorText(refusal('ACCOUNT_LOCKED', 'Your account is locked. Please contact support.', 403))).toBe(
      'Your account is locked. Please contact support.',
    );
    expect(signInErrorText(refusal('ACCOUNT_DISABLED', 'Your account is disabled. Please contact support.', 403))).toBe(
      'Your account is disabled. Please contact support.',
    );
  });

  it('shows the unexpected-error text for server faults and exceptions', () => {
    expect(signInErrorText(refusal('INTERNAL_SERVER_ERROR', 'Internal error', 500))).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(signInErrorText(new TypeError('x is undefined'))).toBe('An unexpected error occurred. Please try again.');
    expect(signInErrorText(networkError)).toBe('Please check your connection and try again.');
  });
});

describe('registerErrorText', () => {
  it("shows the server's message", () => {
    expect(
      registerErrorText(refusal('USER_EXISTS', 'An account with this email already exists. Please sign in.', 409)),
    ).toBe('An account with this email already exists. Please sign in.');
    expect(registerErrorText(refusal('INVALID_REFERRAL_CODE', 'Invalid referral code.'))).toBe(
      'Invalid referral code.',
    );
  });

  it('lists the field messages of a validation error', () => {
    const error = refusal('VALIDATION_ERROR', 'Validation failed', 400, {
      errors: [
        { field: 'email', message: 'Email is invalid' },
        { field: 'password', message: 'Password must be at least 8 characters' },
      ],
    });
    expect(registerErrorText(error)).toBe('Email is invalid Password must be at least 8 characters');
  });

  it('shows the unexpected-error text for an exception', () => {
    expect(registerErrorText(new Error('boom'))).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('forgotPasswordErrorText', () => {
  it("shows the server's message, else the generic text", () => {
    expect(forgotPasswordErrorText(refusal('RATE_LIMITED', 'Too many requests. Please wait.', 429))).toBe(
      'Too many requests. Please wait.',
    );
    expect(forgotPasswordErrorText(refusal('BAD_REQUEST', ''))).toBe('An error occurred. Please try again.');
    expect(forgotPasswordErrorText(networkError)).toBe('An error occurred. Please try again.');
  });
});

describe('resetPasswordErrorText', () => {
  it('maps each refusal to its text', () => {
    expect(resetPasswordErrorText(refusal('INVALID_OR_EXPIRED_TOKEN', 'whatever'))).toBe(
      'Password reset token is invalid or has expired. Please request a new password reset.',
    );
    expect(resetPasswordErrorText(refusal('ACCOUNT_NOT_ACTIVE', 'whatever', 403))).toBe(
      'Your account is not active. Please contact support.',
    );
    expect(resetPasswordErrorText(refusal('TOKEN_REQUIRED', 'Token required'))).toBe(
      'Failed to reset password. Please try again.',
    );
    expect(resetPasswordErrorText(networkError)).toBe('Failed to reset password. Please try again.');
  });

  it('joins validation messages, else uses the message, else the generic validation text', () => {
    const listed = refusal('VALIDATION_ERROR', 'Validation failed', 400, {
      errors: [
        { field: 'newPassword', message: 'Password must contain at least one number' },
        { field: 'newPassword', message: 'Password must contain at least one uppercase letter' },
      ],
    });
    expect(resetPasswordErrorText(listed)).toBe(
      'Password must contain at least one number, Password must contain at least one uppercase letter',
    );
    expect(resetPasswordErrorText(refusal('VALIDATION_ERROR', 'Passwords differ'))).toBe('Passwords differ');
    expect(resetPasswordErrorText(refusal('VALIDATION_ERROR', ''))).toBe('Validation error occurred.');
  });
});

describe('verification texts', () => {
  it('tells a refused token from a failed call', () => {
    expect(verifyEmailErrorText(refusal('INVALID_OR_EXPIRED_TOKEN', 'Invalid token'))).toBe(
      'Email verification failed. The token may be invalid or expired.',
    );
    expect(verifyEmailErrorText(networkError)).toBe('An error occurred during verification. Please try again.');
  });

  it("shows the server's resend refusal, else the fixed texts", () => {
    expect(resendVerificationErrorText(refusal('EMAIL_ALREADY_VERIFIED', 'Already verified. You can sign in.'))).toBe(
      'Already verified. You can sign in.',
    );
    expect(resendVerificationErrorText(refusal('USER_NOT_FOUND', '', 404))).toBe(
      'Failed to resend verification email.',
    );
    expect(resendVerificationErrorText(networkError)).toBe('An error occurred while resending the email.');
  });
});
