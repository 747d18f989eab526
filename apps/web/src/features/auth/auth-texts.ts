/** The texts of the auth screens. */
export const authTexts = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  forgotFailed: 'An error occurred. Please try again.',
  resetLinkSent: "If an account with that email exists, we've sent you a password reset link.",
  resetTokenInvalid: 'Password reset token is invalid or has expired. Please request a new password reset.',
  resetValidationFailed: 'Validation error occurred.',
  resetFailed: 'Failed to reset password. Please try again.',
  verificationFailed: 'Email verification failed. The token may be invalid or expired.',
  verificationCrashed: 'An error occurred during verification. Please try again.',
  emailVerified: 'Email verified successfully! You can now sign in.',
  /** On the sign-in screen the verification sends the member to. */
  verifiedSignIn: 'Your e-mail is verified. Sign in to continue.',
  noPendingEmail: 'No email found. Please register again.',
  /** Registering again answers 'already exists', so the screen offers a way on. */
  noPendingEmailHelp: 'Already registered? Enter your e-mail address to get a new verification link, or sign in.',
  enterRegisteredEmail: 'Enter the e-mail address you registered with.',
  verificationSent: 'Verification email sent successfully! Please check your inbox.',
  resendFailed: 'Failed to resend verification email.',
  resendCrashed: 'An error occurred while resending the email.',
  referralCodeApplied: 'Referral code applied from your link!',
  processingReferral: 'Processing referral link...',
} as const;
