import type { InviteeStage } from '@uplink/contract/invitations';
import { type Kysely, sql } from 'kysely';
import type { PageWindow } from '../../db/list-page';
import type { Database } from '../../db/schema';
import { unusedTransferTotalQuery } from '../subscription/subscription-repository';

/**
 * Every statement of the invitation funnel. The counts come from the counters migration 0270 keeps
 * (per sponsor, and over the network in slots), so a funnel over any period sums at most days ×
 * stages × 2 rows; the invitee pages read one index range of one sponsor.
 */

/** A period of UTC days, both ends included; `from` null: from the first one. */
export interface DayRange {
  from: string | null;
  to: string;
}

/** One link's daily unique visitor, counted once: the member's day and the network's. True when new. */
export async function countLinkVisit(
  db: Kysely<Database>,
  visit: { sponsorId: string; day: string; visitorKey: Buffer },
): Promise<boolean> {
  const { rows } = await sql<{ counted: boolean }>`
    WITH visitor AS (
      INSERT INTO invitation_visitors (visited_on, sponsor_id, visitor_key)
      VALUES (${visit.day}::date, ${visit.sponsorId}, ${visit.visitorKey})
      ON CONFLICT DO NOTHING
      RETURNING visited_on, sponsor_id
    ),
    member_day AS (
      INSERT INTO invitation_visits AS v (sponsor_id, visited_on, visits)
      SELECT sponsor_id, visited_on, 1 FROM visitor
      ON CONFLICT (sponsor_id, visited_on) DO UPDATE SET visits = v.visits + 1
    ),
    link AS (
      INSERT INTO invitation_link_totals AS l (sponsor_id, visits)
      SELECT sponsor_id, 1 FROM visitor
      ON CONFLICT (sponsor_id) DO UPDATE SET visits = l.visits + 1
    ),
    network_day AS (
      INSERT INTO invitation_visit_totals AS t (visited_on, slot, visits)
      SELECT visited_on, counter_slot(), 1 FROM visitor
      ON CONFLICT (visited_on, slot) DO UPDATE SET visits = t.visits + 1
    )
    SELECT EXISTS (SELECT 1 FROM visitor) AS counted`.execute(db);
  return rows[0]?.counted ?? false;
}

/** Visitor keys of days before `keepFrom` are of no use once their day's key is gone: deleted. */
export async function forgetVisitorKeys(db: Kysely<Database>, keepFrom: string): Promise<number> {
  const { numAffectedRows } = await sql`DELETE FROM invitation_visitors WHERE visited_on < ${keepFrom}::date`.execute(
    db,
  );
  return Number(numAffectedRows ?? 0);
}

const inRange = (column: string, range: DayRange) =>
  sql`${sql.ref(column)} <= ${range.to}::date ${range.from === null ? sql`` : sql`AND ${sql.ref(column)} >= ${range.from}::date`}`;

export interface StageCount {
  stage: InviteeStage;
  through_link: boolean;
  invitees: number;
}

/** A sponsor's invitees registered in the range, by stage and link, and their link's unique visits in it. */
export async function findMemberFunnelCounts(
  db: Kysely<Database>,
  sponsorId: string,
  range: DayRange,
): Promise<{ visits: number; stages: StageCount[] }> {
  const { rows } = await sql<{ visits: number; stages: StageCount[] | null }>`
    SELECT (SELECT coalesce(sum(visits), 0)::int FROM invitation_visits
             WHERE sponsor_id = ${sponsorId} AND ${inRange('visited_on', range)}) AS visits,
           (SELECT json_agg(s) FROM (SELECT stage, through_link, sum(invitees)::int AS invitees
                                       FROM invitation_funnel_counts
                                      WHERE sponsor_id = ${sponsorId} AND ${inRange('registered_on', range)}
                                      GROUP BY stage, through_link) AS s) AS stages`.execute(db);
  return { visits: rows[0]?.visits ?? 0, stages: rows[0]?.stages ?? [] };
}

/** Visits and invitees by stage per week (Monday) of the range: the network's, or one sponsor's. */
export async function findWeeklyFunnelCounts(
  db: Kysely<Database>,
  range: { from: string; to: string },
  sponsorId: string | null,
): Promise<{ weekStart: string; visits: number; stages: StageCount[] }[]> {
  const bounded = { from: range.from, to: range.to };
  const visits =
    sponsorId === null
      ? sql`SELECT visited_on, visits FROM invitation_visit_totals WHERE ${inRange('visited_on', bounded)}`
      : sql`SELECT visited_on, visits FROM invitation_visits
             WHERE sponsor_id = ${sponsorId} AND ${inRange('visited_on', bounded)}`;
  const invitees =
    sponsorId === null
      ? sql`SELECT registered_on, stage, through_link, invitees FROM invitation_funnel_totals
             WHERE ${inRange('registered_on', bounded)}`
      : sql`SELECT registered_on, stage, through_link, invitees FROM invitation_funnel_counts
             WHERE sponsor_id = ${sponsorId} AND ${inRange('registered_on', bounded)}`;
  const { rows } = await sql<{ week_start: string; visits: number; stages: StageCount[] | null }>`
    WITH weekly_visits AS (
      SELECT date_trunc('week', visited_on)::date AS week_start, sum(visits)::int AS visits
        FROM (${visits}) AS v GROUP BY 1
    ),
    weekly_stages AS (
      SELECT week_start, json_agg(json_build_object('stage', stage, 'through_link', through_link,
                                                    'invitees', invitees)) AS stages
        FROM (SELECT date_trunc('week', registered_on)::date AS week_start, stage, through_link,
                     sum(invitees)::int AS invitees
                FROM (${invitees}) AS i GROUP BY 1, 2, 3) AS s
       GROUP BY week_start
    )
    SELECT to_char(w.week_start, 'YYYY-MM-DD') AS week_start, coalesce(v.visits, 0) AS visits, s.stages
      FROM generate_series(date_trunc('week', ${range.from}::date), ${range.to}::date, interval '1 week') AS w(week_start)
      LEFT JOIN weekly_visits v ON v.week_start = w.week_start::date
      LEFT JOIN weekly_stages s ON s.week_start = w.week_start::date
     ORDER BY w.week_start`.execute(db);
  return rows.map((row) => ({ weekStart: row.week_start, visits: row.visits, stages: row.stages ?? [] }));
}

/** Whether a member (not deleted) with this id exists: the owner of a link an administrator asks about. */
export async function linkOwnerExists(db: Kysely<Database>, memberId: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM users WHERE id = ${memberId} AND deleted_at IS NULL`.execute(db);
  return rows.length > 0;
}

export interface BestLinkRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  visits: number;
  registered: number;
  paid: number;
}

/** The links that turn most of their unique visits into paid invitees, all time (an index range). */
export async function findBestLinks(db: Kysely<Database>, minimumVisits: number, limit: number) {
  const { rows } = await sql<BestLinkRow>`
    SELECT u.id, u.user_id, u.first_name, u.last_name, l.visits, l.registered, l.paid
      FROM (SELECT * FROM invitation_link_totals
             WHERE visits >= ${sql.lit(minimumVisits)}
             ORDER BY (paid::numeric / visits) DESC, paid DESC, sponsor_id
             LIMIT ${limit}) AS l
      JOIN users u ON u.id = l.sponsor_id
     ORDER BY (l.paid::numeric / l.visits) DESC, l.paid DESC, l.sponsor_id`.execute(db);
  return rows;
}

export interface InviteeRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: 'ACTIVE' | 'LOCKED' | 'DISABLED';
  joined_at: Date;
  stage: InviteeStage;
  stage_since: Date;
  bingx_kyc: boolean | null;
  /** NUMERIC as a string: transfers toward the fee not yet used for a period. */
  received: string;
  reminders_on: boolean;
  last_reminded_at: Date | null;
}

/** What the invitees page shows of one invitee (`i`: invitees, `u`: users, `np`: notification preferences). */
const inviteeColumns = (db: Kysely<Database>) => sql`u.id, u.user_id, u.first_name, u.last_name, u.email, u.status,
           u.created_at AS joined_at, i.stage, i.stage_since, u.bingx_kyc,
           (${unusedTransferTotalQuery(db, sql.ref('u.id'), sql.ref('u.created_at'))}) AS received,
           coalesce(np.invitation_reminder, true) AS reminders_on,
           (SELECT max(r.sent_at) FROM invitation_reminders r WHERE r.invitee_id = i.invitee_id) AS last_reminded_at`;

/**
 * A page of a sponsor's invitees, newest first, optionally at one stage: one index range of the
 * sponsor's (and stage's) invitees, the ten shown joined to what the page says of them.
 */
export async function findInviteePage(
  db: Kysely<Database>,
  sponsorId: string,
  stage: InviteeStage | undefined,
  page: PageWindow,
): Promise<InviteeRow[]> {
  const { rows } = await sql<InviteeRow>`
    SELECT ${inviteeColumns(db)}
      FROM (SELECT * FROM invitees
             WHERE sponsor_id = ${sponsorId} ${stage === undefined ? sql`` : sql`AND stage = ${stage}`}
             ORDER BY registered_at DESC, invitee_id DESC
             LIMIT ${page.limit} OFFSET ${page.offset}) AS i
      JOIN users u ON u.id = i.invitee_id
      LEFT JOIN notification_preferences np ON np.user_id = i.invitee_id
     ORDER BY i.registered_at DESC, i.invitee_id DESC`.execute(db);
  return rows;
}

/** How many invitees the sponsor has, optionally at one stage (from the counters). */
export async function countInvitees(
  db: Kysely<Database>,
  sponsorId: string,
  stage: InviteeStage | undefined,
): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    SELECT coalesce(sum(invitees), 0)::int AS total FROM invitation_funnel_counts
     WHERE sponsor_id = ${sponsorId} ${stage === undefined ? sql`` : sql`AND stage = ${stage}`}`.execute(db);
  return rows[0]?.total ?? 0;
}

/**
 * The moments of the sponsor's reminders within the day before `now`, oldest first: the daily limit
 * lets the next one go once the oldest that still counts is a day old.
 */
export async function findRemindersOfLastDay(db: Kysely<Database>, sponsorId: string, now: Date): Promise<Date[]> {
  const { rows } = await sql<{ sent_at: Date }>`
    SELECT sent_at FROM invitation_reminders
     WHERE sponsor_id = ${sponsorId} AND sent_at > ${now}::timestamptz - interval '1 day'
     ORDER BY sent_at`.execute(db);
  return rows.map((row) => row.sent_at);
}

/** One sponsor's reminders decided one at a time (both limits are the sponsor's): held to the transaction's end. */
export async function lockSponsorReminders(trx: Kysely<Database>, sponsorId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`invitation-reminders:${sponsorId}`}, 0))`.execute(trx);
}

export async function recordReminder(
  trx: Kysely<Database>,
  reminder: { sponsorId: string; inviteeId: string; stage: InviteeStage; sentAt: Date },
): Promise<string> {
  const row = await trx
    .insertInto('invitation_reminders')
    .values({
      sponsor_id: reminder.sponsorId,
      invitee_id: reminder.inviteeId,
      stage: reminder.stage,
      sent_at: reminder.sentAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The one invitee of the sponsor with this id, as the page shows them; undefined for anyone else. */
export async function findInviteeOf(
  db: Kysely<Database>,
  sponsorId: string,
  inviteeId: string,
): Promise<InviteeRow | undefined> {
  const { rows } = await sql<InviteeRow>`
    SELECT ${inviteeColumns(db)}
      FROM invitees i
      JOIN users u ON u.id = i.invitee_id
      LEFT JOIN notification_preferences np ON np.user_id = i.invitee_id
     WHERE i.invitee_id = ${inviteeId} AND i.sponsor_id = ${sponsorId}`.execute(db);
  return rows[0];
}

/** The newest distributed cycle and what the linked invitees' stages last reflected. */
export async function findStageBasis(db: Kysely<Database>) {
  const { rows } = await sql<{ stale: boolean; latest_cycle: number | null; minimum_balance: string }>`
    SELECT (b.reflected_cycle IS DISTINCT FROM l.cycle OR b.reflected_minimum <> b.minimum_balance) AS stale,
           l.cycle AS latest_cycle, b.minimum_balance::text AS minimum_balance
      FROM invitee_stage_basis b,
           (SELECT max(cycle) AS cycle FROM reward_cycle_runs WHERE outcome = 'DISTRIBUTED') AS l`.execute(db);
  return rows[0] as { stale: boolean; latest_cycle: number | null; minimum_balance: string };
}

/** Re-decides the stages of the next `limit` linked invitees after `after`; answers the last one (null: done). */
export async function refreshLinkedInvitees(
  db: Kysely<Database>,
  after: string | null,
  limit: number,
): Promise<string | null> {
  const { rows } = await sql<{ last: string | null }>`
    WITH chunk AS (
      SELECT invitee_id FROM invitees
       WHERE invitee_stage_rank(stage) >= 5 ${after === null ? sql`` : sql`AND invitee_id > ${after}`}
       ORDER BY invitee_id LIMIT ${limit}
    )
    SELECT (SELECT max(invitee_id::text) FROM chunk) AS last,
           refresh_invitee_stages(ARRAY(SELECT invitee_id FROM chunk)) AS refreshed`.execute(db);
  return rows[0]?.last ?? null;
}

/**
 * Records the basis a finished pass judged the linked invitees by. (A member linked during the pass
 * was judged by its trigger on the same basis; unlinked invitees do not move with a cycle.)
 */
export async function recordStageBasis(
  db: Kysely<Database>,
  basis: { cycle: number | null; minimumBalance: string },
): Promise<void> {
  await sql`UPDATE invitee_stage_basis
               SET reflected_cycle = ${basis.cycle}, reflected_minimum = ${basis.minimumBalance}::numeric`.execute(db);
}

/** The compliance line the stages are judged by, from the server's setting; a change sends the job over them again. */
export async function setComplianceLine(db: Kysely<Database>, minimumBalance: string): Promise<void> {
  await sql`UPDATE invitee_stage_basis SET minimum_balance = ${minimumBalance}::numeric
             WHERE minimum_balance <> ${minimumBalance}::numeric`.execute(db);
}
