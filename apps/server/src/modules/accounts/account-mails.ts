import { type MailContent, mailMoment, renderMail } from '../mail/mail-layout';

interface Recipient {
  firstName: string;
}

export function verificationMail(recipient: Recipient, publicUrl: string, token: string): MailContent {
  return renderMail({
    subject: 'Verify your Uplink email address',
    greeting: `Hello ${recipient.firstName},`,
    paragraphs: [
      'Welcome to Uplink! Please confirm that this is your email address to activate your account.',
      'The link is valid for 24 hours and can be used once.',
    ],
    action: { label: 'Verify email address', url: `${publicUrl}/verify-email?token=${encodeURIComponent(token)}` },
    closing: 'If you did not create an Uplink account, you can ignore this email.',
  });
}

export function passwordResetMail(recipient: Recipient, publicUrl: string, token: string): MailContent {
  return renderMail({
    subject: 'Reset your Uplink password',
    greeting: `Hello ${recipient.firstName},`,
    paragraphs: [
      'We received a request to reset the password of your Uplink account.',
      'The link is valid for 1 hour and can be used once.',
    ],
    action: { label: 'Choose a new password', url: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}` },
    closing: 'If you did not ask for a new password, you can ignore this email: your password stays unchanged.',
  });
}

/** Essential: sent whatever the member's notice switches say, and without an unsubscribe link. */
export function passwordChangedMail(recipient: Recipient, publicUrl: string, at: Date): MailContent {
  return renderMail({
    subject: 'Your Uplink password was changed',
    greeting: `Hello ${recipient.firstName},`,
    paragraphs: [
      `The password of your Uplink account was changed at ${mailMoment(at)}.`,
      'If that was not you, choose a new password now and tell support.',
    ],
    action: { label: 'Choose a new password', url: `${publicUrl}/forgot-password` },
    closing: 'This mail is about the security of your account, so it is always sent.',
  });
}
