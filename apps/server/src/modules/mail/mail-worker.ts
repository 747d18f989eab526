import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { MailWorker } from '../../app-context';
import type { Config } from '../../config/load-config';
import type { Database } from '../../db/schema';
import type { JobLock } from '../../jobs/job-lock';
import { type RecurringJob, startRecurringJob } from '../../jobs/recurring-job';
import { countFailedMails } from './mail-metrics';
import { claimDueMail, failExpiredMail, markMailAttemptFailed, markMailSent } from './mail-outbox-repository';
import { isPermanentRefusal, type MailTransport } from './mail-transport';

const batchSize = 20;
/** How long a claimed message stays invisible to other workers while it is being sent. */
const claimLeaseMs = 5 * 60_000;
/**
 * The longest wait between two attempts: the back-off doubles from MAIL_RETRY_BASE up to this, so
 * mail goes out within five minutes of the SMTP server's return, however long it was away.
 */
const mailRetryMaxMs = 5 * 60_000;

export type MailDeliverySettings = Pick<Config, 'mailFrom' | 'mailRetryHours' | 'mailRetryBaseMs'>;

/**
 * Sends every due message of the outbox, batch by batch; returns how many were sent. A mail that
 * cannot be delivered is tried again, ever less often, for as long as its content is good (see
 * `markMailAttemptFailed`), then FAILED and counted; one the recipient's server refuses for good
 * is FAILED and counted at once, as no later attempt would pass (an administrator can resend it).
 */
export async function deliverDueMail(
  db: Kysely<Database>,
  transport: MailTransport,
  settings: MailDeliverySettings,
  logger: FastifyBaseLogger,
): Promise<number> {
  let sent = 0;
  countFailedMails(await failExpiredMail(db, settings.mailRetryHours));
  for (;;) {
    const batch = await claimDueMail(db, batchSize, claimLeaseMs);
    for (const mail of batch) {
      try {
        await transport.send({
          from: settings.mailFrom,
          to: mail.to_address,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: mail.headers,
        });
        await markMailSent(db, mail.id);
        sent += 1;
      } catch (error) {
        const retryInMs = Math.min(mailRetryMaxMs, settings.mailRetryBaseMs * 2 ** (mail.attempts - 1));
        const message = error instanceof Error ? error.message : String(error);
        const retry = isPermanentRefusal(error) ? null : { retryInMs, retryHours: settings.mailRetryHours };
        const givenUp = await markMailAttemptFailed(db, mail.id, message, retry);
        if (givenUp) countFailedMails([givenUp]);
        logger.warn(
          { err: error, mailId: mail.id, kind: mail.kind, attempts: mail.attempts, failed: givenUp !== null },
          `mail delivery ${retry === null ? 'refused for good' : 'failed'}: ${givenUp ? 'given up' : 'will retry'}`,
        );
      }
    }
    if (batch.length < batchSize) return sent;
  }
}

export interface MailWorkerOptions {
  db: Kysely<Database>;
  lock: JobLock;
  transport: MailTransport;
  config: MailDeliverySettings & Pick<Config, 'mailPollIntervalMs'>;
  logger: FastifyBaseLogger;
  /** Writes requested mail into the outbox before each delivery run (reset links asked for by address). */
  compose?: () => Promise<unknown>;
}

/** The outbox sender: a recurring job (one process at a time) that is also woken after each enqueue. */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const job: RecurringJob = startRecurringJob({
    name: 'mail-outbox',
    intervalMs: options.config.mailPollIntervalMs,
    lock: options.lock,
    logger: options.logger,
    work: async () => {
      await options.compose?.();
      await deliverDueMail(options.db, options.transport, options.config, options.logger);
    },
  });
  // A run already under way may have claimed its batch before the new mail was committed, so a
  // wake-up waits for it and then runs once more; wake-ups meanwhile fold into that one run.
  let draining: Promise<void> | null = null;
  let wokenAgain = false;
  async function drain(): Promise<void> {
    do {
      wokenAgain = false;
      await job.runNow();
      await job.runNow();
    } while (wokenAgain);
  }
  return {
    wake() {
      if (draining) {
        wokenAgain = true;
        return;
      }
      draining = drain().finally(() => {
        draining = null;
      });
    },
    runNow: () => job.runNow(),
    async stop() {
      await job.stop();
      await draining;
      options.transport.close();
    },
  };
}

/** Used when the app runs without background jobs (`buildApp` without a job lock): mail waits in the outbox. */
export const idleMailWorker: MailWorker = {
  wake() {},
  runNow: async () => false,
  stop: async () => {},
};
