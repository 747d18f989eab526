import { z } from 'zod';
import { adminListPaginationSchema, pageLimitSchema, pageNumberSchema } from './paging';

/**
 * Failed mail (issue 42): the e-mails given up on after every attempt failed, listed for the
 * administrators, who may send one again while its content is still good.
 */

/** What a mail is: its one-time link or code, or a notice (no deadline of its own). */
export const mailKinds = [
  'email-verification',
  'password-reset',
  'withdrawal-code',
  'admin-invitation',
  'notice',
] as const;
export type MailKind = (typeof mailKinds)[number];

export const mailKindLabels: Record<MailKind, string> = {
  'email-verification': 'Verification link',
  'password-reset': 'Password reset link',
  'withdrawal-code': 'Withdrawal code',
  'admin-invitation': 'Administrator invitation',
  notice: 'Notice',
};

export const failedMailPageSize = 20;

/** `GET /api/admin/mail/failed`: newest failure first. */
export const failedMailsQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(failedMailPageSize),
});

export const failedMailSchema = z.object({
  _id: z.string(),
  kind: z.enum(mailKinds),
  subject: z.string(),
  /** In full for a role holding `members.manage`, otherwise masked (`j•••@example.com`). */
  recipient: z.string(),
  recipientMasked: z.boolean(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  failedAt: z.string(),
  /** When its link or code stops working; null for a notice. */
  expiresAt: z.string().nullable(),
  /** Whether it may still be sent again: a one-time link or code that has not expired yet, or a notice. */
  canResend: z.boolean(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

export const failedMailsSchema = z.object({
  mails: z.array(failedMailSchema),
  pagination: adminListPaginationSchema,
});
export type FailedMails = z.infer<typeof failedMailsSchema>;

/** `POST /api/admin/mail/:id/resend`: the mail, back in the outbox. */
export const resentMailSchema = z.object({
  _id: z.string(),
  status: z.literal('PENDING'),
  attempts: z.number().int(),
});
export type ResentMail = z.infer<typeof resentMailSchema>;

/**
 * An address with its mailbox name cut to its first character: enough to tell two mails apart,
 * not to read whose they are.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${address[0]}•••${address.slice(at)}`;
}

export const failedMailTexts = {
  title: 'Failed e-mails',
  intro:
    'E-mails that could not be delivered while their link, code or notice was still good. Sending one again puts it back in the outbox with fresh attempts.',
  empty: 'No failed e-mail.',
  loadFailed: 'Failed to fetch the failed e-mails',
  resend: 'Send again',
  expired: 'Expired',
  confirmResend: (kind: MailKind, recipient: string) =>
    `Send this ${mailKindLabels[kind].toLowerCase()} to ${recipient} again? It goes back in the outbox with fresh attempts.`,
  resent: 'E-mail queued to be sent again.',
  masked: 'Recipients are masked for your role.',
} as const;
