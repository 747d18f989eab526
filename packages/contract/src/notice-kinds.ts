/*
 * The notice kinds and the texts of the notice settings, without the schemas: a screen that only
 * shows them loads no zod (notifications.ts forwards them).
 */

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

export const notificationTexts = {
  title: 'E-mail notices',
  subtitle: 'Essential mail (sign-in, password, withdrawals) always goes',
  saved: 'Notice settings saved',
  loadFailed: 'Your notice settings could not be loaded',
} as const;
