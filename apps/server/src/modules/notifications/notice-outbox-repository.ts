import type { NoticeKind } from '@uplink/contract/notifications';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { MailContent } from '../mail/mail-layout';

/**
 * Writes a whole set of notices into the mail outbox in one statement, each at most once per event.
 *
 * A notice job names its events with a SELECT over the window (`from`, `to`] — the moments that
 * fell since its previous run — and each event row carries `event_key`, `member_id`, `to_address`
 * and one text column per `{{field}}` of its template. The cursor row of the job is locked for the
 * run, so two runs at once take turns; the outbox's unique event key makes a second insert of one
 * event a no-op all the same (so a window may reach back: see `lateCommitAllowance`).
 */
/** The moments a run of a notice job looks at: since its cursor (`from`), up to now (`to`). */
export interface NoticeWindow {
  from: RawBuilder<Date>;
  to: Date;
}

export interface NoticeBatch {
  /** The job's cursor name. */
  job: string;
  template: MailContent;
  fields: readonly string[];
  /** The switch a member turns this notice off with; null for administrators' mail. */
  kind: NoticeKind | null;
  events: (window: NoticeWindow) => RawBuilder<unknown>;
  /** A job that runs at most this often (a daily digest): its cursor stays until the period has passed. */
  period?: RawBuilder<unknown>;
}

export interface UnsubscribeSigning {
  /** The absolute one-click address (the API's), without its query. */
  url: string;
  /** The absolute address of the unsubscribe page the body links to, without its query. */
  pageUrl: string;
  /** The List-Unsubscribe `mailto:` alternative (`unsubscribeMailto`) of each kind. */
  mailto: (kind: NoticeKind) => string;
  pads: { inner: Buffer; outer: Buffer };
}

/**
 * Events stamped with the moment of a transaction (a lock's creation, a run's end) can commit after
 * a run looked past that moment; windows over such moments reach back this far.
 */
export const lateCommitAllowance = sql`interval '1 hour'`;

const preferenceColumns: Record<NoticeKind, string> = {
  rewardLocked: 'reward_locked',
  forfeitWarning: 'forfeit_warning',
  cycleSummary: 'cycle_summary',
  subscriptionEnding: 'subscription_ending',
  invitationReminder: 'invitation_reminder',
};

/** Runs one notice job up to `now`: writes the notices of its window and moves its cursor. Returns how many were new. */
export async function writeNoticeBatch(
  db: Kysely<Database>,
  batch: NoticeBatch,
  signing: UnsubscribeSigning,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`INSERT INTO notice_cursors (job, reached_at) VALUES (${batch.job}, '-infinity')
              ON CONFLICT (job) DO NOTHING`.execute(trx);
    await sql`SELECT 1 FROM notice_cursors WHERE job = ${batch.job} FOR UPDATE`.execute(trx);
    const from = sql<Date>`(SELECT reached_at FROM notice_cursors WHERE job = ${batch.job})`;
    // A member's notice links to its unsubscribe page in the body.
    const fields = batch.kind ? [...batch.fields, 'unsubscribePage'] : batch.fields;
    const filled = (template: string, html: boolean) =>
      fields.reduce<RawBuilder<string>>((text, field) => {
        const value = sql`e.${sql.ref(field)}`;
        return sql`replace(${text}, ${`{{${field}}}`}, ${html ? sql`html_text(${value})` : value})`;
      }, sql`${template}::text`);
    const { numAffectedRows } = await sql`
      INSERT INTO mail_outbox (to_address, subject, html, text, headers, event_key)
      SELECT e.to_address, ${filled(batch.template.subject, false)}, ${filled(batch.template.html, true)},
             ${filled(batch.template.text, false)}, ${headers(batch.kind, signing)}, e.event_key
        FROM (SELECT signed.*, ${signing.pageUrl}::text || '?' || signed."unsubscribeQuery" AS "unsubscribePage"
                FROM (SELECT events.*, ${unsubscribeQuery(batch.kind, signing)} AS "unsubscribeQuery"
                        FROM (${batch.events({ from, to: now })}) AS events) AS signed) AS e
       ${batch.kind ? sql`LEFT JOIN notification_preferences np ON np.user_id = e.member_id` : sql``}
       WHERE ${batch.kind ? sql`coalesce(np.${sql.ref(preferenceColumns[batch.kind])}, true)` : sql`true`}
      ON CONFLICT (event_key) DO NOTHING`.execute(trx);
    await sql`UPDATE notice_cursors SET reached_at = greatest(reached_at, ${now}::timestamptz)
               WHERE job = ${batch.job}
                 AND ${batch.period ? sql`reached_at <= ${now}::timestamptz - ${batch.period}` : sql`true`}`.execute(
      trx,
    );
    return Number(numAffectedRows ?? 0);
  });
}

/**
 * The signed query (`m=…&k=…&s=…`) of `listUnsubscribeHeaders` and `unsubscribePageUrl`, for
 * every member of the set at once: HMAC-SHA256 built from PostgreSQL's sha256 and the key's two pads.
 */
function unsubscribeQuery(kind: NoticeKind | null, signing: UnsubscribeSigning): RawBuilder<string> {
  if (!kind) return sql`NULL::text`;
  const message = sql`convert_to(events.member_id::text || E'\\n' || ${kind}::text, 'UTF8')`;
  const signature = sql`encode(sha256(${signing.pads.outer}::bytea || sha256(${signing.pads.inner}::bytea || ${message})), 'hex')`;
  return sql`'m=' || events.member_id::text || '&k=' || ${kind}::text || '&s=' || ${signature}`;
}

function headers(kind: NoticeKind | null, signing: UnsubscribeSigning): RawBuilder<unknown> {
  if (!kind) return sql`'{}'::jsonb`;
  return sql`jsonb_build_object('List-Unsubscribe', '<' || ${signing.url}::text || '?' || e."unsubscribeQuery" || '>, <' || ${signing.mailto(kind)}::text || '>',
                                'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')`;
}

/** A moment as notices write it: the SQL twin of `mailMoment` (mail/mail-layout.ts). */
export const noticeMomentSql = (at: RawBuilder<unknown>): RawBuilder<string> =>
  sql`to_char((${at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC'`;

/**
 * An amount as notices write it, as screens do: exact, with at least the 2 decimals of money and
 * thousands separators ("0.00", "15.00", "0.0047", "1,234.5678") — the SQL twin of
 * `formatExactAmount` (contract reward-figures.ts), for amounts of zero or more.
 */
export const noticeAmountSql = (amount: RawBuilder<unknown>): RawBuilder<string> =>
  sql`(SELECT to_char(trunc(a.value), 'FM999,999,999,999,999,999,990') || '.' ||
              CASE WHEN length(a.decimals) < 2 THEN rpad(a.decimals, 2, '0') ELSE a.decimals END
         FROM (SELECT v.value, split_part(trim_scale(v.value)::text, '.', 2) AS decimals
                 FROM (SELECT (${amount})::numeric AS value) AS v) AS a)`;
