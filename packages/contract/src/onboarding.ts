import { z } from 'zod';
import { subscriptionFeeSchema } from './accounts';
import { bingxUidProblem, onboardingMessages } from './onboarding-messages';
import { safeText } from './safe-text';

export { bingxUidMaxLength, bingxUidMinLength, bingxUidProblem, onboardingMessages } from './onboarding-messages';

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
