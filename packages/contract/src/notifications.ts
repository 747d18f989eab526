import { z } from 'zod';

/**
 * The notices a member may turn off, one switch each (`GET/PUT /users/notifications`). Essential
 * mail — verification, password reset, the withdrawal code and decision, password changed —
 * always goes and has no switch.
 */
export const noticeKinds = ['rewardLocked', 'forfeitWarning', 'cycleSummary', 'subscriptionEnding'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

export const noticeKindLabels: Record<NoticeKind, { title: string; description: string }> = {
  rewardLocked: { title: 'Reward locked', description: 'When a reward is locked: the amount, why, and its deadline' },
  forfeitWarning: {
    title: 'Forfeit warnings',
    description: 'Seven days and one day before a locked reward would be forfeited',
  },
  cycleSummary: { title: 'Cycle summary', description: "Each cycle's credits: credited, locked and carried" },
  subscriptionEnding: { title: 'Subscription ending', description: 'Fourteen and three days before it ends' },
};

export const notificationPreferencesSchema = z.strictObject({
  rewardLocked: z.boolean(),
  forfeitWarning: z.boolean(),
  cycleSummary: z.boolean(),
  subscriptionEnding: z.boolean(),
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
