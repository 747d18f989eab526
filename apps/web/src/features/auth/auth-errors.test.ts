import { describe, expect, it } from 'vitest';
import { ApiError, type ErrorEnvelope } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';
import {
  forgotPasswordFailure,
  registerFailure,
  resendVerificationFailure,
  resetPasswordFailure,
  signInFailure,
  totpSignInFailure,
  verifyEmailFailure,
} from './auth-errors';

const networkError = new ApiError('NETWORK_ERROR', 'Please check your connection and try again.', 0);

function refusal(
  code: ConstructorParameters<typeof ApiError>[0],
  message: string,
  status = 400,
  data: ErrorEnvelope['data'] = null,
) {
  return new ApiError(code, message, status, { success: false, message, data, error: null, errorCode: code });
}

describe('signInFailure', () => {
  it('shows the fixed text for wrong credentials whatever the server says', () => {
    expect(errorText(refusal('UNAUTHORIZED', 'Invalid credentials', 401), signInFailure)).toBe(
      'Invalid email or password. Please try again.',
    );
    expect(errorText(refusal('VALIDATION_ERROR', 'Email is invalid'), signInFailure)).toBe(
      'Invalid email or password. Please try again.',
    );
  });

  it("shows the server's text for a locked or disabled account", () => {
    expect(
      errorText(refusal('ACCOUNT_LOCKED', 'Your account is locked. Please contact support.', 403), signInFailure),
    ).toBe('Your account is locked. Please contact support.');
    expect(
      errorText(refusal('ACCOUNT_DISABLED', 'Your account is disabled. Please contact support.', 403), signInFailure),
    ).toBe('Your account is disabled. Please contact support.');
  });

  it('shows the unexpected-error text for server faults and exceptions', () => {
    expect(errorText(refusal('INTERNAL_SERVER_ERROR', 'Internal error', 500), signInFailure)).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(errorText(new TypeError('x is undefined'), signInFailure)).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(errorText(networkError, signInFailure)).toBe('Please check your connection and try again.');
  });
});

describe('registerFailure', () => {
  it("shows the server's message", () => {
    expect(
      errorText(
        refusal('USER_EXISTS', 'An account with this email already exists. Please sign in.', 409),
        registerFailure,
      ),
    ).toBe('An account with this email already exists. Please sign in.');
    expect(errorText(refusal('INVALID_REFERRAL_CODE', 'Invalid referral code.'), registerFailure)).toBe(
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
    expect(errorText(error, registerFailure)).toBe('Email is invalid Password must be at least 8 characters');
  });

  it('shows the unexpected-error text for an exception', () => {
    expect(errorText(new Error('boom'), registerFailure)).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('forgotPasswordFailure', () => {
  it("shows the server's message, else the generic text", () => {
    expect(errorText(refusal('RATE_LIMITED', 'Too many requests. Please wait.', 429), forgotPasswordFailure)).toBe(
      'Too many requests. Please wait.',
    );
    expect(errorText(refusal('BAD_REQUEST', ''), forgotPasswordFailure)).toBe('An error occurred. Please try again.');
    expect(errorText(networkError, forgotPasswordFailure)).toBe('An error occurred. Please try again.');
  });
});

describe('resetPasswordFailure', () => {
  it('maps each refusal to its text', () => {
    expect(errorText(refusal('INVALID_OR_EXPIRED_TOKEN', 'whatever'), resetPasswordFailure)).toBe(
      'Password reset token is invalid or has expired. Please request a new password reset.',
    );
    expect(errorText(refusal('ACCOUNT_NOT_ACTIVE', 'whatever', 403), resetPasswordFailure)).toBe(
      'Your account is not active. Please contact support.',
    );
    expect(errorText(refusal('TOKEN_REQUIRED', 'Token required'), resetPasswordFailure)).toBe(
      'Failed to reset password. Please try again.',
    );
    expect(errorText(networkError, resetPasswordFailure)).toBe('Failed to reset password. Please try again.');
  });

  it('joins validation messages, else uses the message, else the generic validation text', () => {
    const listed = refusal('VALIDATION_ERROR', 'Validation failed', 400, {
      errors: [
        { field: 'newPassword', message: 'Password must contain at least one number' },
        { field: 'newPassword', message: 'Password must contain at least one uppercase letter' },
      ],
    });
    expect(errorText(listed, resetPasswordFailure)).toBe(
      'Password must contain at least one number, Password must contain at least one uppercase letter',
    );
    expect(errorText(refusal('VALIDATION_ERROR', 'Passwords differ'), resetPasswordFailure)).toBe('Passwords differ');
    expect(errorText(refusal('VALIDATION_ERROR', ''), resetPasswordFailure)).toBe('Validation error occurred.');
  });
});

describe('verification texts', () => {
  it('tells a refused token from a failed call', () => {
    expect(errorText(refusal('INVALID_OR_EXPIRED_TOKEN', 'Invalid token'), verifyEmailFailure)).toBe(
      'Email verification failed. The token may be invalid or expired.',
    );
    expect(errorText(networkError, verifyEmailFailure)).toBe(
      'An error occurred during verification. Please try again.',
    );
  });

  it("shows the server's resend refusal, else the fixed texts", () => {
    expect(
      errorText(refusal('EMAIL_ALREADY_VERIFIED', 'Already verified. You can sign in.'), resendVerificationFailure),
    ).toBe('Already verified. You can sign in.');
    expect(errorText(refusal('USER_NOT_FOUND', '', 404), resendVerificationFailure)).toBe(
      'Failed to resend verification email.',
    );
    expect(errorText(networkError, resendVerificationFailure)).toBe('An error occurred while resending the email.');
  });
});

describe('totpSignInFailure', () => {
  it("shows INVALID_TOTP's text for a wrong or malformed code", () => {
    for (const code of ['INVALID_TOTP', 'VALIDATION_ERROR'] as const) {
      expect(errorText(refusal(code, 'whatever the server says'), totpSignInFailure)).toBe(
        'Invalid authentication code. Please try again.',
      );
    }
  });

  it("shows the server's text for a cool-down and an expired challenge", () => {
    const coolDown = 'Too many failed password attempts. Please try again in a few minutes.';
    expect(errorText(refusal('ACCOUNT_LOCKED', coolDown, 423), totpSignInFailure)).toBe(coolDown);
    const expired = 'Your sign-in has expired. Please enter your password again.';
    expect(errorText(refusal('UNAUTHORIZED', expired, 401), totpSignInFailure)).toBe(expired);
  });
});
