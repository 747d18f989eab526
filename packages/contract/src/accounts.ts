import { z } from 'zod';
import { adminRoles, permissions } from './admin-roles';
import { passwordMinLength, referralCodeMinLength, userStatuses } from './constants';
import { memberSummarySchema } from './member-summary';
import { wireMoneySchema } from './money';
import { registrationMessages } from './registration-rules';
import { safeText } from './safe-text';

const email = safeText('Email', { error: registrationMessages.emailRequired })
  .trim()
  .min(1, registrationMessages.emailRequired)
  .max(254, 'Email is too long')
  .email(registrationMessages.emailInvalid)
  .transform((value) => value.toLowerCase());

const name = (label: string, required: string) =>
  safeText(label, { error: required }).trim().min(1, required).max(60, 'Name must be at most 60 characters');

const password = (label = 'Password') => safeText(label).max(128, `${label} must be at most 128 characters`);

/** A referral code as a member types it or a link carries it: any letter case, compared in upper case. */
export const referralCodeSchema = safeText('Referral code', { error: registrationMessages.referralCodeRequired })
  .trim()
  .min(1, registrationMessages.referralCodeRequired)
  .min(referralCodeMinLength, registrationMessages.referralCodeTooShort)
  .max(32, 'Referral code is too long')
  .transform((value) => value.toUpperCase());

export const registerRequestSchema = z.object({
  firstName: name('First name', registrationMessages.firstNameRequired),
  lastName: name('Last name', registrationMessages.lastNameRequired),
  email,
  password: safeText('Password', { error: registrationMessages.passwordRequired })
    .min(passwordMinLength, registrationMessages.passwordTooShort)
    .max(128, 'Password must be at most 128 characters'),
  referredByCode: referralCodeSchema,
  /** The code came prefilled from the sponsor's `/ref/` link (not typed in): the funnel counts it. */
  throughLink: z.boolean().optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email,
  password: safeText('Password', { error: registrationMessages.passwordRequired })
    .min(1, registrationMessages.passwordRequired)
    .max(128),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  isEmailVerified: z.boolean(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const optionalEmailRequestSchema = z.object({ email: email.optional() });
export const emailRequestSchema = z.object({ email });
const linkToken = safeText('Token').max(256).optional();
export const tokenRequestSchema = z.object({ token: linkToken });

export const resetPasswordRequestSchema = z.object({
  token: linkToken,
  newPassword: password('New password'),
  confirmPassword: password('Password confirmation'),
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordRequestSchema>;

/** A new password ends every other session; the one that changed it continues with this token. */
export const changePasswordResultSchema = z.object({ token: z.string() });
export type ChangePasswordResult = z.infer<typeof changePasswordResultSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: password('Current password'),
  newPassword: password('New password'),
  confirmPassword: password('Password confirmation'),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const userStatusSchema = z.enum(userStatuses);

/**
 * The member's subscription. The spec's `{paid, timestamp}` plus what the payment screens show:
 * `amount` paid for the running period, `received` — confirmed USDT that has arrived toward the
 * period not yet paid (the current one while unpaid, the next one while paid) — and `due`, what
 * is still missing of the fee now (0 while a period runs). `received + due` is the fee while unpaid.
 */
export const subscriptionFeeSchema = z.object({
  paid: z.boolean(),
  timestamp: z.string().nullable(),
  amount: wireMoneySchema.nullable(),
  transactionHash: z.string().nullable(),
  periodEndsAt: z.string().nullable(),
  received: wireMoneySchema,
  due: wireMoneySchema,
});
export type SubscriptionFee = z.infer<typeof subscriptionFeeSchema>;

/** The member view of a user: what `GET /users/profile` returns as `data`. */
export const memberProfileSchema = z.object({
  ...memberSummarySchema.shape,
  isEmailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** An administrator's role and what it permits (`rolePermissions`); absent for a member. */
  adminRole: z.enum(adminRoles).optional(),
  permissions: z.array(z.enum(permissions)).optional(),
  /** Null for an administrator other than the network root: administrators invite nobody. */
  referralCode: z.string().nullable(),
  bingXUID: z.string().nullable(),
  status: userStatusSchema,
  subscriptionFee: subscriptionFeeSchema,
  walletAddress: z.string(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const pendingUserSchema = z.object({
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
});
export type PendingUser = z.infer<typeof pendingUserSchema>;

// Its home is account-messages.ts (no zod there): screens that only show these texts load no schema.
export { accountMessages } from './account-messages';

/** `data` of a successful registration: what the client keeps as its pending user. */
export const registrationResultSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;
