import { errorTexts } from '@uplink/contract/error-codes';
import { type FailureWording, serverMessage } from '../../lib/error-text';
import { authTexts } from './auth-texts';

/**
 * How each auth call words its failures (chosen by `errorText`). Sign-in: a reason the user can act
 * on (locked, disabled, suspended, too many tries) in the server's words; any other refusal reads as wrong
 * credentials, so nobody learns whether an address is registered.
 */
export const signInFailure: FailureWording = {
  codes: {
    ACCOUNT_LOCKED: serverMessage,
    ACCOUNT_DISABLED: serverMessage,
    ADMIN_SUSPENDED: serverMessage,
    RATE_LIMITED: serverMessage,
  },
  refusal: authTexts.invalidCredentials,
  serverFault: authTexts.unexpected,
  exception: authTexts.unexpected,
};

/**
 * The code step of an administrator's sign-in: a wrong, used or malformed code reads as the
 * catalogue's INVALID_TOTP text; a cool-down, a lock or an expired challenge in the server's words.
 */
export const totpSignInFailure: FailureWording = {
  codes: { INVALID_TOTP: errorTexts.INVALID_TOTP, VALIDATION_ERROR: errorTexts.INVALID_TOTP },
  serverFault: authTexts.unexpected,
  exception: authTexts.unexpected,
};

/** Registration shows the server's message (USER_EXISTS, INVALID_REFERRAL_CODE, ...) or every refused field. */
export const registerFailure: FailureWording = { fieldSeparator: ' ', exception: authTexts.unexpected };

export const forgotPasswordFailure: FailureWording = {
  silentServer: authTexts.forgotFailed,
  noAnswer: authTexts.forgotFailed,
  exception: authTexts.forgotFailed,
};

export const resetPasswordFailure: FailureWording = {
  codes: {
    INVALID_OR_EXPIRED_TOKEN: authTexts.resetTokenInvalid,
    ACCOUNT_NOT_ACTIVE: errorTexts.ACCOUNT_NOT_ACTIVE,
    VALIDATION_ERROR: serverMessage,
  },
  fieldSeparator: ', ',
  silentServer: authTexts.resetValidationFailed,
  refusal: authTexts.resetFailed,
  noAnswer: authTexts.resetFailed,
  exception: authTexts.resetFailed,
};

export const verifyEmailFailure: FailureWording = {
  refusal: authTexts.verificationFailed,
  noAnswer: authTexts.verificationCrashed,
  exception: authTexts.verificationCrashed,
};

export const resendVerificationFailure: FailureWording = {
  silentServer: authTexts.resendFailed,
  noAnswer: authTexts.resendCrashed,
  exception: authTexts.resendCrashed,
};

/** An invitation's link that was used, revoked or has expired says so in the server's words. */
export const acceptInvitationFailure: FailureWording = {
  codes: { INVALID_OR_EXPIRED_TOKEN: serverMessage, VALIDATION_ERROR: serverMessage },
  fieldSeparator: ', ',
  serverFault: authTexts.unexpected,
  exception: authTexts.unexpected,
};
