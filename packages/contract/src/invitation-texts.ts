/**
 * The invitation funnel's words on screen. No zod here: the landing page, which greets a visitor
 * by who invited them, loads it on its first visit.
 */
export const invitationTexts = {
  title: 'Your invitations',
  subtitle: 'Who opened your link, and where each person you invited stands.',
  funnelTitle: 'Your funnel',
  allStages: 'All stages',
  remind: 'Remind',
  reminded: (name: string) => `Reminder sent to ${name}.`,
  remindAgainAt: (at: string) => `Remind again after ${at}`,
  noInvitees: 'Nobody has joined with your link yet',
  noInviteesHint: 'Share your link: everyone who opens it is counted here, and everyone who joins with it is listed.',
  loadFailed: 'Your invitations could not be loaded',
  unsubscribed: 'They turned invitation reminders off',
  nothingToDo: 'Nothing left to do: they are earning',
  notActive: 'Their account is not active',
  visitsThisWeek: (visits: number) => `${visits} ${visits === 1 ? 'visit' : 'visits'} this week`,
  invitedBy: (firstName: string) => `${firstName} invited you to Uplink`,
  invitationKept: 'Your invitation is kept: the code is filled in when you create your account.',
  invalidLink: 'This invitation link is not valid. Ask the member who invited you for their link or code.',
  reminderTooSoon: (at: string) => `A reminder can be sent again after ${at}.`,
} as const;
