import { type MailContent, renderMail } from '../mail/mail-layout';

/**
 * The notices' words. Each notice is written for a whole set of members in one SQL statement, so
 * these are templates: `{{field}}` is replaced per member by the job (escaped in the HTML), and
 * every moment is a date and time in UTC, never "in 7 days", so a mail read late still says the
 * truth (`mailMoment`, whose SQL twin is `noticeMomentSql`).
 */
interface MemberNotice {
  subject: string;
  paragraphs: string[];
  action: { label: string; path: string };
  /** The notices the member gets, as the closing names them ("forfeit warnings"). */
  kindName: string;
}

/**
 * A notice to a member. The one-click POST (RFC 8058) is for mail clients, from the
 * List-Unsubscribe header; the body links to the unsubscribe page (`{{unsubscribePage}}`, the same
 * signed link), which a reader opens without signing in and which turns nothing off until its
 * button is pressed — a link scanner that opens it changes nothing.
 */
function memberNotice(
  publicUrl: string,
  notice: MemberNotice,
  recipient: { firstName: string; unsubscribePage: string } = {
    firstName: '{{firstName}}',
    unsubscribePage: '{{unsubscribePage}}',
  },
): MailContent {
  return renderMail({
    subject: notice.subject,
    greeting: `Hello ${recipient.firstName},`,
    paragraphs: notice.paragraphs,
    action: { label: notice.action.label, url: `${publicUrl}${notice.action.path}` },
    closing: `You get this notice because ${notice.kindName} are on; every notice has a switch on your profile (${publicUrl}/profile).`,
    closingLink: { label: `Turn ${notice.kindName} off without signing in`, url: recipient.unsubscribePage },
  });
}

const seeRewards = { label: 'See your rewards', path: '/rewards' };

export const rewardLockedNotice = (publicUrl: string): MailContent =>
  memberNotice(publicUrl, {
    subject: 'A reward of {{amount}} USDT is locked',
    paragraphs: [
      'A reward of {{amount}} USDT was locked, because you do not meet every condition for rewards: {{reason}}',
      'Meet the conditions again before {{deadline}} and the reward is credited to you; at that moment it is forfeited.',
    ],
    action: seeRewards,
    kindName: 'reward-locked notices',
  });

export const forfeitWarningNotice = (publicUrl: string, last: boolean): MailContent =>
  memberNotice(publicUrl, {
    subject: `${last ? 'Last reminder: your' : 'Your'} locked reward of {{amount}} USDT is forfeited on {{deadline}}`,
    paragraphs: [
      'Your locked reward of {{amount}} USDT is forfeited at {{deadline}} unless you meet every condition for rewards before then.',
      'What is missing: {{reason}}',
    ],
    action: seeRewards,
    kindName: 'forfeit warnings',
  });

export const cycleSummaryNotice = (publicUrl: string): MailContent =>
  memberNotice(publicUrl, {
    subject: 'Your rewards of cycle {{cycle}}',
    paragraphs: [
      'The rewards of cycle {{cycle}} are distributed: {{exact}} USDT exactly.',
      'With {{carriedIn}} USDT carried from your earlier rewards: {{credited}} USDT credited to your balance, {{locked}} USDT locked until you meet every condition for rewards, {{carried}} USDT carried to your next credit.',
      'Your balance is kept in whole cents: the part of your rewards under a cent is carried, never lost, and credited once it makes a whole cent.',
    ],
    action: seeRewards,
    kindName: 'cycle summaries',
  });

export const subscriptionEndingNotice = (publicUrl: string): MailContent =>
  memberNotice(publicUrl, {
    subject: 'Your Uplink subscription ends on {{endsAt}}',
    paragraphs: [
      'Your Uplink subscription ends at {{endsAt}}.',
      'Renew it before then: without a paid subscription, new rewards are locked instead of credited.',
    ],
    action: { label: 'Renew your subscription', path: '/onboarding' },
    kindName: 'subscription reminders',
  });

/**
 * The reminder a sponsor sends one invitee, written for that one member (not a template): their
 * sponsor's first name and the next step the invitee's stage asks for.
 */
export function invitationReminderNotice(
  publicUrl: string,
  reminder: {
    firstName: string;
    sponsorFirstName: string;
    step: { step: string; action: string; path: string };
    needs: string | null;
    unsubscribePage: string;
  },
): MailContent {
  return memberNotice(
    publicUrl,
    {
      subject: `${reminder.sponsorFirstName} reminds you: ${reminder.step.step} on Uplink`,
      paragraphs: [
        `${reminder.sponsorFirstName}, who invited you to Uplink, reminds you of your next step: ${reminder.step.step}.`,
        ...(reminder.needs ? [`Where you stand: ${reminder.needs}.`] : []),
        'Each step brings you closer to earning rewards with your network.',
      ],
      action: { label: reminder.step.action, path: reminder.step.path },
      kindName: 'reminders from your sponsor',
    },
    reminder,
  );
}

/** To administrators: not a member's notice, so no switch and no unsubscribe link. */
export function adminDigestNotice(publicUrl: string): MailContent {
  return renderMail({
    subject: 'Uplink daily digest: {{pendingCount}} new pending withdrawals, {{unmatchedCount}} unmatched transfers',
    greeting: 'Hello {{firstName}},',
    paragraphs: [
      'New since the previous digest: {{pendingCount}} withdrawal requests waiting for a decision, {{pendingTotal}} USDT in all.',
      'Payments recorded for withdrawals already rejected or blocked, to be settled: {{flaggedCount}}.',
      'Treasury transfers that matched no withdrawal, seen since the previous digest: {{unmatchedCount}}.{{unmatchedList}}',
      'Risk events opened since the previous digest, to be resolved on the Risk page: {{riskCount}}.{{riskList}}',
    ],
    action: { label: 'Review withdrawals', url: `${publicUrl}/admin/withdrawals` },
    closing: 'Every administrator gets this digest once a day.',
  });
}
