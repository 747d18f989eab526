import { z } from 'zod';
import { errorTexts } from './error-codes';
import { safeText } from './safe-text';

/**
 * An administrator's second factor: TOTP (RFC 6238) — HMAC-SHA1, 6 digits, a new code every 30
 * seconds — with single-use recovery codes for a lost authenticator.
 */
export const totpIssuer = 'Uplink';
export const totpDigits = 6;
export const totpPeriodSeconds = 30;
export const recoveryCodeCount = 10;
/** How long the password step's challenge waits for the code. */
export const totpChallengeMinutes = 5;

export const adminTotpTexts = {
  title: 'Two-factor authentication',
  codeLabel: 'Authentication code',
  recoveryCodeLabel: 'Recovery code',
  enterCode: 'Enter the 6-digit code from your authenticator app.',
  enterRecoveryCode: 'Enter one of your recovery codes.',
  codeFormat: 'The code is 6 digits.',
  signInRequired: errorTexts.TOTP_REQUIRED,
  invalidCode: errorTexts.INVALID_TOTP,
  challengeExpired: 'Your sign-in has expired. Please enter your password again.',
  enrolmentStarted: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  enabled: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor authentication is off.',
  alreadyEnabled: 'Two-factor authentication is already on. Turn it off before setting it up again.',
  notEnabled: 'Two-factor authentication is not on.',
  noEnrolment: 'No set-up is waiting for a code. Please start again.',
} as const;

/** A code as the authenticator app shows it (spaces allowed, e.g. "123 456"). */
export const totpCodeSchema = safeText('Code', { error: adminTotpTexts.enterCode })
  .max(16, adminTotpTexts.codeFormat)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, adminTotpTexts.enterCode)
      .regex(/^\d{6}$/, adminTotpTexts.codeFormat),
  );

/**
 * A second factor as typed: the authenticator's 6 digits or one recovery code. Spaces and dashes
 * are only formatting, and recovery codes are read in any case.
 */
export const secondFactorCodeSchema = safeText('Code', { error: adminTotpTexts.enterCode })
  .max(32, 'The code is too long.')
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().min(1, adminTotpTexts.enterCode));

/** `GET /admin/totp`. */
export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/** `POST /admin/totp/enrolment`: the new secret, to scan (QR code) or type (base32 secret). */
export const totpEnrolmentSchema = z.object({
  /** Base32 (RFC 4648), for manual entry. */
  secret: z.string(),
  /** `otpauth://totp/...` with issuer Uplink and the administrator's e-mail address. */
  otpauthUri: z.string(),
  /** The URI as a QR code: an SVG image as a data URL, drawn by the server. */
  qrCode: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** `POST /admin/totp/enrolment/confirm`: the first code proves the app holds the secret. */
export const totpConfirmRequestSchema = z.object({ code: totpCodeSchema });
export type TotpConfirmRequest = z.input<typeof totpConfirmRequestSchema>;

/**
 * The answer to a confirmed enrolment: the recovery codes, shown this once, and the token this
 * session goes on with — turning TOTP on ends every session opened before (a new session version).
 */
export const totpEnabledSchema = z.object({ recoveryCodes: z.array(z.string()), token: z.string() });
export type TotpEnabled = z.infer<typeof totpEnabledSchema>;

/** `DELETE /admin/totp`: a current code or a recovery code turns the factor off. */
export const totpRemovalRequestSchema = z.object({ code: secondFactorCodeSchema });
export type TotpRemovalRequest = z.input<typeof totpRemovalRequestSchema>;

/** The answer to turning TOTP off: like turning it on, it ends every other session; this one goes on with `token`. */
export const totpDisabledSchema = z.object({ token: z.string() });
export type TotpDisabled = z.infer<typeof totpDisabledSchema>;

/** `data` of the TOTP_REQUIRED answer to a right password: the challenge the code step sends back. */
export const totpChallengeSchema = z.object({ challengeToken: z.string() });
export type TotpChallenge = z.infer<typeof totpChallengeSchema>;

/** `POST /users/login/totp`: answers what a successful `POST /users/login` answers. */
export const totpSignInRequestSchema = z.object({
  challengeToken: safeText('Challenge').min(1, adminTotpTexts.challengeExpired).max(2048),
  code: secondFactorCodeSchema,
});
export type TotpSignInRequest = z.input<typeof totpSignInRequestSchema>;
export type TotpSignInInput = z.output<typeof totpSignInRequestSchema>;

const firstIssue = (schema: z.ZodType, value: string): string | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? adminTotpTexts.enterCode);
};

/** What is wrong with a typed authenticator code before it is sent, in the server's words; null: nothing. */
export const authenticatorCodeError = (value: string) => firstIssue(totpCodeSchema, value);

/** The same for a field that takes an authenticator code or a recovery code. */
export const secondFactorCodeError = (value: string) => firstIssue(secondFactorCodeSchema, value);
