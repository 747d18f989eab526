import { ApiError, errorMessage } from '../../lib/api-client';
import { authTexts } from './auth-texts';

/** The server answered with a failure envelope (as opposed to the call itself failing). */
function isServerRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code !== 'NETWORK_ERROR';
}

/** Sign-in refused for a reason the user can act on, else the credentials were wrong. */
export function signInErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'NETWORK_ERROR') return errorMessage(error);
  if (!isServerRefusal(error) || error.status >= 500) return authTexts.unexpected;
  switch (error.code) {
    case 'ACCOUNT_LOCKED':
    case 'ACCOUNT_DISABLED':
    case 'RATE_LIMITED':
      return errorMessage(error);
    default:
      return authTexts.invalidCredentials;
  }
}

/** Registration failures show the server's message (USER_EXISTS, INVALID_REFERRAL_CODE, ...). */
export function registerErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'VALIDATION_ERROR' && error.fieldMessages.length > 0) return error.fieldMessages.join(' ');
    return errorMessage(error, authTexts.unexpected);
  }
  return authTexts.unexpected;
}

export function forgotPasswordErrorText(error: unknown): string {
  return isServerRefusal(error) ? error.message || authTexts.forgotFailed : authTexts.forgotFailed;
}

export function resetPasswordErrorText(error: unknown): string {
  if (!isServerRefusal(error)) return authTexts.resetFailed;
  switch (error.code) {
    case 'INVALID_OR_EXPIRED_TOKEN':
      return authTexts.resetTokenInvalid;
    case 'ACCOUNT_NOT_ACTIVE':
      return authTexts.accountNotActive;
    case 'VALIDATION_ERROR':
      return error.fieldMessages.length > 0
        ? error.fieldMessages.join(', ')
        : error.message || authTexts.resetValidationFailed;
    default:
      return authTexts.resetFailed;
  }
}

export function verifyEmailErrorText(error: unknown): string {
  return isServerRefusal(error) ? authTexts.verificationFailed : authTexts.verificationCrashed;
}

export function resendVerificationErrorText(error: unknown): string {
  return isServerRefusal(error) ? error.message || authTexts.resendFailed : authTexts.resendCrashed;
}
