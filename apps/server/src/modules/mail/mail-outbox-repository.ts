import { type Kysely, sql } from 'kysely';
import type { Database, MailKind, MailRow } from '../../db/schema';
import type { MailContent } from './mail-layout';

export interface MailEnvelope {
  /** Extra headers the mail goes out with; essential mail has none. */
  headers?: Record<string, string>;
  /** The event the mail reports: a second mail for the same key is not stored. */
  eventKey?: string;
  /**
   * A one-time link or code: what it is, and for how long from now it works. It is retried until
   * then; a notice (the default) for MAIL_RETRY_HOURS.
   */
  oneTime?: { kind: Exclude<MailKind, 'notice'>; validForMs: number };
}

/** Puts an e-mail in the outbox; run it in the transaction of the event the mail reports. */
export function enqueueMail(
  db: Kysely<Database>,
  to: string,
  content: MailContent,
  envelope: MailEnvelope = {},
): Promise<void> {
  return enqueueMails(db, [{ to, content, envelope }]);
}

/** Queues many e-mails in one statement (each once per event key, like `enqueueMail`). */
export async function enqueueMails(
  db: Kysely<Database>,
  mails: readonly { to: string; content: MailContent; envelope?: MailEnvelope }[],
): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insertInto('mail_outbox')
    .values(
      mails.map(({ to, content, envelope = {} }) => ({
        to_address: to,
        subject: content.subject,
        html: content.html,
        text: content.text,
        headers: envelope.headers,
        event_key: envelope.eventKey ?? null,
        kind: envelope.oneTime?.kind,
        expires_at: envelope.oneTime
          ? sql<Date>`now() + make_interval(secs => ${envelope.oneTime.validForMs / 1000})`
          : null,
      })),
    )
    .onConflict((conflict) => conflict.column('event_key').doNothing())
    .execute();
}

/**
 * Claims up to `limit` due e-mails for one delivery attempt. The claim itself pushes
 * `next_attempt_at` out by `leaseMs`, so a process that dies while sending leaves the row to be
 * retried later instead of lost, and concurrent workers (SKIP LOCKED) never claim the same row.
 */
export async function claimDueMail(db: Kysely<Database>, limit: number, leaseMs: number): Promise<MailRow[]> {
  const { rows } = await sql<MailRow>`
    UPDATE mail_outbox
       SET attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
     WHERE id IN (
       SELECT id FROM mail_outbox
        WHERE status = 'PENDING' AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(db);
  return rows;
}

export async function markMailSent(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'SENT', sent_at: sql`now()`, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Until when a mail is worth sending: its link or code's end, or a notice's MAIL_RETRY_HOURS after it was queued. */
export const deliverBy = (retryHours: number) =>
  sql<Date>`coalesce(expires_at, queued_at + make_interval(hours => ${retryHours}))`;

/**
 * After a failed attempt: another one after `retryInMs`, or FAILED when that would come too late
 * for the mail's content, or at once without a retry (`null`: refused for good). Resolves with the
 * mail's kind when it was given up.
 */
export async function markMailAttemptFailed(
  db: Kysely<Database>,
  id: string,
  error: string,
  retry: { retryInMs: number; retryHours: number } | null,
): Promise<MailKind | null> {
  const nextAttempt = sql<Date>`now() + make_interval(secs => ${(retry?.retryInMs ?? 0) / 1000})`;
  const givenUp = retry ? sql<boolean>`${nextAttempt} >= ${deliverBy(retry.retryHours)}` : sql<boolean>`true`;
  const { rows } = await sql<{ status: string; kind: MailKind }>`
    UPDATE mail_outbox
       SET status = CASE WHEN ${givenUp} THEN 'FAILED' ELSE 'PENDING' END,
           failed_at = CASE WHEN ${givenUp} THEN now() END,
           last_error = ${error.slice(0, 1000)},
           next_attempt_at = ${nextAttempt}
     WHERE id = ${id}
    RETURNING status, kind`.execute(db);
  const row = rows[0];
  return row?.status === 'FAILED' ? row.kind : null;
}

/**
 * Gives up the waiting mail whose content expired before it could be sent (the server was down,
 * or the outbox behind): sending a dead link helps nobody. Resolves with their kinds.
 */
export async function failExpiredMail(db: Kysely<Database>, retryHours: number): Promise<MailKind[]> {
  const { rows } = await sql<{ kind: MailKind }>`
    UPDATE mail_outbox
       SET status = 'FAILED', failed_at = now(), last_error = coalesce(last_error, 'Not sent before its content expired')
     WHERE status = 'PENDING' AND ${deliverBy(retryHours)} <= now()
    RETURNING kind`.execute(db);
  return rows.map((row) => row.kind);
}

/** The newest messages first, optionally only those to one address (case-insensitive). */
export async function listMail(db: Kysely<Database>, to: string | undefined, limit: number): Promise<MailRow[]> {
  let query = db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit);
  if (to) query = query.where(sql<string>`lower(to_address)`, '=', to.toLowerCase());
  return query.execute();
}
