import { errorTexts } from './error-codes';

/** Texts the accounts API answers with; the spec's exact wording where it gives one. */
export const accountMessages = {
  registered: 'Registration successful! Please check your email to verify your account.',
  signedIn: 'Login successful',
  invalidCredentials: 'Invalid email or password. Please try again.',
  temporarilyLocked: 'Too many failed password attempts. Please try again in a few minutes.',
  accountLocked: 'Your account is locked. Please contact support.',
  accountDisabled: 'Your account is disabled. Please contact support.',
  emailNotVerified: 'Please verify your email address before signing in.',
  verificationSent: 'Verification email sent successfully! Please check your inbox.',
  emailAlreadyVerified: 'This email address is already verified. You can sign in.',
  tokenRequired: 'Verification token is required.',
  verificationTokenInvalid: 'Email verification failed. The token may be invalid or expired.',
  emailVerified: 'Email verified successfully! You can now sign in.',
  resetLinkSent: "If an account with that email exists, we've sent you a password reset link.",
  resetTokenRequired: 'Password reset token is required.',
  resetTokenInvalid: 'Password reset token is invalid or has expired. Please request a new password reset.',
  accountNotActive: errorTexts.ACCOUNT_NOT_ACTIVE,
  passwordReset: 'Password reset successfully! You can now sign in with your new password.',
  passwordChanged: 'Password changed successfully!',
  currentPasswordIncorrect: 'Current password is incorrect',
  samePassword: 'New password must be different from the current password',
  invalidReferralCode: 'Invalid referral code. Please check the code and try again.',
  userExists: 'An account with this email already exists. Please sign in.',
  walletCreationFailed: 'We could not create your deposit wallet. Please try again later.',
} as const;
