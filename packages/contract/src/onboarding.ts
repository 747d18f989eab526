import { z } from 'zod';
import { subscriptionFeeSchema } from './accounts';
import { safeText } from './safe-text';

/** The onboarding screen's own texts. */
export const onboardingMessages = {
  uidRequired: 'Please enter your BingX UID',
  uidDigitsOnly: 'The BingX UID must contain digits only',
  uidLength: 'The BingX UID must be 6 to 20 digits long',
  uidHelp: 'You can find your UID in your BingX profile. It is usually 8-12 digits.',
  linkFailed: 'Failed to link BingX UID',
  linkException: 'An error occurred while linking BingX UID',
  linkSucceeded: 'BingX UID linked successfully',
  subscriptionNotPaid: 'Please pay the subscription before linking your BingX UID',
  tooManyUidChecks: 'You have checked too many BingX UIDs today. Please try again tomorrow.',
  confirmationTime: 'Confirmation usually takes about 1-3 minutes after your transfer.',
} as const;

export const bingxUidMinLength = 6;
export const bingxUidMaxLength = 20;

/** The first rule a (trimmed) UID breaks, or null: one message at a time is what a member can act on. */
export function bingxUidProblem(uid: string): string | null {
  if (uid.length === 0) return onboardingMessages.uidRequired;
  if (!/^\d+$/.test(uid)) return onboardingMessages.uidDigitsOnly;
  if (uid.length < bingxUidMinLength || uid.length > bingxUidMaxLength) return onboardingMessages.uidLength;
  return null;
}

/** `PUT /users/bingx-uid`. The client sends the trimmed value; the server trims again. */
export const linkBingxUidRequestSchema = z.object({
  bingXUID: safeText('BingX UID', { error: onboardingMessages.uidRequired })
    .trim()
    .superRefine((uid, context) => {
      const problem = bingxUidProblem(uid);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type LinkBingxUidRequest = z.input<typeof linkBingxUidRequestSchema>;

export const linkBingxUidResultSchema = z.object({ bingXUID: z.string() });

/** `GET /users/refresh-subscription` answers the subscription as the profile shows it. */
export const refreshSubscriptionResultSchema = subscriptionFeeSchema;

/** `GET /subscription/payment-details`: what the payment panel shows besides the member's own address. */
export const paymentDetailsSchema = z.object({
  network: z.string(),
  tokenSymbol: z.string(),
  tokenContract: z.string(),
  fee: z.number(),
  confirmations: z.number(),
  periodDays: z.number(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;
