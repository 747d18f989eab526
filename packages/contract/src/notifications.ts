import { z } from 'zod';
import { type NoticeKind, noticeKindLabels, noticeKinds } from './notice-kinds';

export { type NoticeKind, noticeKindLabels, noticeKinds, notificationTexts } from './notice-kinds';

export const notificationPreferencesSchema = z.strictObject({
  rewardLocked: z.boolean(),
  forfeitWarning: z.boolean(),
  cycleSummary: z.boolean(),
  subscriptionEnding: z.boolean(),
  invitationReminder: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PUT /users/notifications`: the switches to change (at least one); the others stay as they are. */
export const notificationPreferencesUpdateSchema = notificationPreferencesSchema
  .partial()
  .refine((update) => Object.keys(update).length > 0, { error: 'Name at least one notice to turn on or off' });
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/**
 * A notice's signed unsubscribe link (`?m=&k=&s=`): the member, the kind, the server's signature.
 * Taken by the one-click POST (RFC 8058), its read-only GET and the `/unsubscribe` page.
 */
export const unsubscribeLinkSchema = z.strictObject({
  m: z.uuid({ error: 'The link names no member' }),
  k: z.enum(noticeKinds, { error: 'The link names no notice' }),
  s: z.string().regex(/^[0-9a-f]{64}$/, 'The link has no valid signature'),
});
export type UnsubscribeLink = z.infer<typeof unsubscribeLinkSchema>;

/** `GET /users/notifications/unsubscribe`: the kind the link turns off and whether it is still on. */
export const unsubscribeLinkStateSchema = z.strictObject({ kind: z.enum(noticeKinds), on: z.boolean() });
export type UnsubscribeLinkState = z.infer<typeof unsubscribeLinkStateSchema>;

/** `POST /users/notifications/unsubscribe`: the kind now off, and whether it was off already. */
export const unsubscribeResultSchema = z.strictObject({ kind: z.enum(noticeKinds), alreadyOff: z.boolean() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

export const unsubscribeTexts = {
  title: 'Unsubscribe from e-mail notices',
  question: (kind: NoticeKind) => `Turn off “${noticeKindLabels[kind].title}” e-mails?`,
  turnOff: 'Turn these e-mails off',
  done: (kind: NoticeKind) => `“${noticeKindLabels[kind].title}” e-mails are off. You will not get them any more.`,
  alreadyOff: (kind: NoticeKind) => `“${noticeKindLabels[kind].title}” e-mails were already off. Nothing changed.`,
  refused:
    'This unsubscribe link is not valid: it was changed or it belongs to another mail. Nothing was turned off. Use the link in the e-mail itself, or turn notices off on your profile after signing in.',
  essential: 'Essential mail (sign-in, password, withdrawals) always goes.',
  profile: 'Manage every notice on your profile',
} as const;
