import { z } from 'zod';

/**
 * The notices a member may turn off, one switch each (`GET/PUT /users/notifications`). Essential
 * mail — verification, password reset, the withdrawal code and decision, password changed —
 * always goes and has no switch.
 */
export const noticeKinds = [
  'rewardLocked',
  'forfeitWarning',
  'cycleSummary',
  'subscriptionEnding',
  'invitationReminder',
] as const;
export type NoticeKind = (typeof noticeKinds)[number];

export const noticeKindLabels: Record<NoticeKind, { title: string; description: string }> = {
  rewardLocked: { title: 'Reward locked', description: 'When a reward is locked: the amount, why, and its deadline' },
  forfeitWarning: {
    title: 'Forfeit warnings',
    description: 'Seven days and one day before a locked reward would be forfeited',
  },
  cycleSummary: { title: 'Cycle summary', description: "Each cycle's credits: credited, locked and carried" },
  subscriptionEnding: { title: 'Subscription ending', description: 'Fourteen and three days before it ends' },
  invitationReminder: {
    title: 'Reminders from your sponsor',
    description: 'When the member who invited you reminds you of your next step',
  },
};

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

export const notificationTexts = {
  title: 'E-mail notices',
  subtitle: 'Essential mail (sign-in, password, withdrawals) always goes',
  saved: 'Notice settings saved',
  loadFailed: 'Your notice settings could not be loaded',
} as const;

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
