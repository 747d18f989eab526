import nodemailer from 'nodemailer';
import type { Config } from '../../config/load-config';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe on notices), passed on as they are. */
  headers: Record<string, string>;
}

/** Hands one e-mail to whatever delivers it; throws when the delivery did not happen. */
export interface MailTransport {
  readonly kind: 'smtp' | 'local-mailbox';
  send(mail: OutgoingMail): Promise<void>;
  /** Resolves when the server that delivers answers (SMTP: connects and greets it); throws otherwise. */
  verify(): Promise<void>;
  close(): void;
}

/**
 * Whether a failed delivery can never pass as it is: the SMTP server refused the recipient or the
 * message for good (a 5xx reply to RCPT TO, to DATA or to the message, RFC 5321 §4.2.1), as when
 * the mailbox does not exist. A refusal that speaks of the sender rather than the recipient is the
 * settings' trouble and passes once they are mended, so it is tried again like a lost connection:
 * a refused sender or log-in, a 530 (authentication required) and any reply of the security or
 * policy class 5.7 (RFC 3463: "relay access denied" answers RCPT TO when the relay does not know us).
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { responseCode, command, response } = error as {
    responseCode?: unknown;
    command?: unknown;
    response?: unknown;
  };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode >= 600 || responseCode === 530)
    return false;
  if (command !== 'RCPT TO' && command !== 'DATA') return false;
  return !(typeof response === 'string' && securityOrPolicyStatus.test(response));
}

/** An enhanced status code of the security or policy class after the reply code: "554 5.7.1 …". */
const securityOrPolicyStatus = /^\d{3}[ -]5\.7\.\d{1,3}\b/;

export function createMailTransport(config: Pick<Config, 'smtpUrl'>): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : localMailboxTransport();
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Without an SMTP server the outbox itself is the mailbox (readable at /dev/mailbox), so
 * "delivering" only records that the message is there to read.
 */
function localMailboxTransport(): MailTransport {
  return {
    kind: 'local-mailbox',
    async send() {},
    async verify() {},
    close() {},
  };
}
