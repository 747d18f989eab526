/*
 * The onboarding screen's texts and the BingX UID's rules, without the schemas: a screen that only
 * shows them loads neither zod nor decimal.js (onboarding.ts forwards them).
 */

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
