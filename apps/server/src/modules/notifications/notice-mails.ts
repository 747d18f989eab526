import { type MailContent, renderMail } from '../mail/mail-layout';

/**
 * The notices' words. Each notice is written for a whole set of members in one SQL statement, so
 * these are templates: `{{field}}` is replaced per member by the job (escaped in the HTML), and
 * every moment is a date and time in UTC, never "in 7 days", so a mail read late still says the
 * truth (`mailMoment`, whose SQL twin is `noticeMomentSql`).
 */
// The one-click link is for mail clients (a POST, RFC 8058, in the List-Unsubscribe header); a
// reader following a link in the body needs a page, so the body points to the profile's switches.
const turnOff = (publicUrl: string, what: string) =>
  `You get this notice because ${what} are on. Turn them off on your profile: ${publicUrl}/profile`;

export function rewardLockedNotice(publicUrl: string): MailContent {
  return renderMail({
    subject: 'A reward of {{amount}} USDT is locked',
    greeting: 'Hello {{firstName}},',
    paragraphs: [
      'A reward of {{amount}} USDT was locked, because you do not meet every condition for rewards: {{reason}}',
      'Meet the conditions again before {{deadline}} and the reward is credited to you; at that moment it is forfeited.',
    ],
    action: { label: 'See your rewards', url: `${publicUrl}/rewards` },
    closing: turnOff(publicUrl, 'reward-locked notices'),
  });
}

export function forfeitWarningNotice(publicUrl: string, last: boolean): MailContent {
  return renderMail({
    subject: `${last ? 'Last reminder: your' : 'Your'} locked reward of {{amount}} USDT is forfeited on {{deadline}}`,
    greeting: 'Hello {{firstName}},',
    paragraphs: [
      'Your locked reward of {{amount}} USDT is forfeited at {{deadline}} unless you meet every condition for rewards before then.',
      'What is missing: {{reason}}',
    ],
    action: { label: 'See your rewards', url: `${publicUrl}/rewards` },
    closing: turnOff(publicUrl, 'forfeit warnings'),
  });
}

export function cycleSummaryNotice(publicUrl: string): MailContent {
  return renderMail({
    subject: 'Your rewards of cycle {{cycle}}',
    greeting: 'Hello {{firstName}},',
    paragraphs: [
      'The rewards of cycle {{cycle}} are distributed.',
      'Credited to your balance: {{credited}} USDT. Locked until you meet every condition for rewards: {{locked}} USDT.',
    ],
    action: { label: 'See your rewards', url: `${publicUrl}/rewards` },
    closing: turnOff(publicUrl, 'cycle summaries'),
  });
}

export function subscriptionEndingNotice(publicUrl: string): MailContent {
  return renderMail({
    subject: 'Your Uplink subscription ends on {{endsAt}}',
    greeting: 'Hello {{firstName}},',
    paragraphs: [
      'Your Uplink subscription ends at {{endsAt}}.',
      'Renew it before then: without a paid subscription, new rewards are locked instead of credited.',
    ],
    action: { label: 'Renew your subscription', url: `${publicUrl}/onboarding` },
    closing: turnOff(publicUrl, 'subscription reminders'),
  });
}

export function adminDigestNotice(publicUrl: string): MailContent {
  return renderMail({
    subject: 'Uplink daily digest: {{pendingCount}} new pending withdrawals',
    greeting: 'Hello {{firstName}},',
    paragraphs: [
      'New since the previous digest: {{pendingCount}} withdrawal requests waiting for a decision, {{pendingTotal}} USDT in all.',
      'Payments recorded for withdrawals already rejected or blocked, to be settled: {{flaggedCount}}.',
    ],
    action: { label: 'Review withdrawals', url: `${publicUrl}/admin/withdrawals` },
    closing: 'Every administrator gets this digest once a day.',
  });
}
