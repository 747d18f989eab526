import type { RiskEventStatus, RiskEvidence, RiskRule, RiskSeverity } from '@uplink/contract/risk';
import { type Kysely, sql } from 'kysely';
import type { PageWindow } from '../../db/list-page';
import type { Database } from '../../db/schema';

/** What a rule found about one cluster: every member in it now, and the evidence that ties them. */
export interface ClusterFinding {
  rule: RiskRule;
  severity: RiskSeverity;
  /** What the cluster shares (an address, a mailbox, a sponsor, a client address, a member). */
  clusterKey: string;
  memberIds: readonly string[];
  /**
   * Of `memberIds`, those at the cluster's address first (`earlierHolders`): named, not held
   * unless an administrator extends the hold. Empty for the rules not built on an address.
   */
  earlierHolderIds: readonly string[];
  evidence: RiskEvidence;
}

/** A rule over one cluster: what `lockClusters` serialises. */
export interface RuleCluster {
  rule: RiskRule;
  clusterKey: string;
}

/**
 * Serialises the evaluations of each rule over its cluster until the transaction ends: taken
 * before the rule looks the cluster up, so of two registrations (or withdrawals) of one cluster at
 * once the second looks after the first has committed, sees it, and adds to its event rather than
 * missing it or opening another. Every writer names its clusters in the rules' fixed order and
 * they are taken in that order, in one statement (one round trip, however many).
 */
export async function lockClusters(trx: Kysely<Database>, clusters: readonly RuleCluster[]): Promise<void> {
  const keys = clusters.map(({ rule, clusterKey }) => `uplink:risk:${rule}:${clusterKey}`);
  await sql`
    SELECT pg_advisory_xact_lock(hashtextextended(c.key, 0))
      FROM unnest(${keys}::text[]) WITH ORDINALITY AS c(key, position)
     ORDER BY c.position`.execute(trx);
}

/**
 * Records a finding, under its cluster's lock (`lockClusters`): the open event of the rule and
 * cluster gains the new members and the evidence as it now stands (its severity only rises);
 * without one, a new event opens — unless a resolved event of the cluster already named every
 * member, for a dismissed event's evidence never raises it again. Resolves the event's id, null
 * when nothing was raised.
 */
export async function recordFinding(
  trx: Kysely<Database>,
  finding: ClusterFinding,
  now: Date,
): Promise<{ eventId: string; opened: boolean } | null> {
  const open = await trx
    .selectFrom('risk_events')
    .select(['id', 'severity'])
    .where('rule', '=', finding.rule)
    .where('cluster_key', '=', finding.clusterKey)
    .where('status', '=', 'OPEN')
    // A resolution committed meanwhile takes the event out of this read: a new one opens, or none.
    .forUpdate()
    .executeTakeFirst();
  if (open) {
    await trx
      .updateTable('risk_events')
      .set({
        evidence: JSON.stringify(finding.evidence),
        severity: moreSevere(open.severity, finding.severity),
        updated_at: now,
      })
      .where('id', '=', open.id)
      .execute();
    await addMembers(trx, open.id, finding, now);
    return { eventId: open.id, opened: false };
  }
  if (await resolvedEventsCover(trx, finding)) return null;
  const created = await trx
    .insertInto('risk_events')
    .values({
      rule: finding.rule,
      severity: finding.severity,
      cluster_key: finding.clusterKey,
      evidence: JSON.stringify(finding.evidence),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addMembers(trx, created.id, finding, now);
  return { eventId: created.id, opened: true };
}

const severityRank: Record<RiskSeverity, number> = { HIGH: 3, MEDIUM: 2, LOW: 1 };

const moreSevere = (a: RiskSeverity, b: RiskSeverity): RiskSeverity => (severityRank[a] >= severityRank[b] ? a : b);

/**
 * The members as one array parameter: a cluster may name tens of thousands (a burst under the root
 * sponsor at a million members), and three parameters a row passed PostgreSQL's 65,535 and failed the
 * registration that found them.
 */
async function addMembers(
  trx: Kysely<Database>,
  eventId: string,
  finding: Pick<ClusterFinding, 'memberIds' | 'earlierHolderIds'>,
  now: Date,
) {
  if (finding.memberIds.length === 0) return;
  // A member already named keeps how they came: one named as a later act stays held, an earlier holder stays one.
  await sql`
    INSERT INTO risk_event_members (event_id, user_id, joined_at, earlier_holder)
    SELECT ${eventId}, m.user_id, ${now}, m.user_id = ANY(${[...finding.earlierHolderIds]}::uuid[])
      FROM unnest(${[...finding.memberIds]}::uuid[]) AS m(user_id)
    ON CONFLICT (event_id, user_id) DO NOTHING`.execute(trx);
}

/**
 * Whether the event holds its member `em` (when it is open and high): every member but an earlier
 * holder, whom only an administrator's extension holds.
 */
const holdsMember = sql<boolean>`(NOT em.earlier_holder OR em.hold_extended_at IS NOT NULL)`;

/** Whether the cluster's resolved events named every member of the finding already. */
async function resolvedEventsCover(trx: Kysely<Database>, finding: ClusterFinding): Promise<boolean> {
  const { rows } = await sql<{ uncovered: number }>`
    SELECT count(*)::int AS uncovered
      FROM unnest(${[...finding.memberIds]}::uuid[]) AS m(user_id)
     WHERE NOT EXISTS (
       SELECT 1 FROM risk_events e JOIN risk_event_members em ON em.event_id = e.id
        WHERE e.rule = ${finding.rule} AND e.cluster_key = ${finding.clusterKey} AND e.status <> 'OPEN'
          AND em.user_id = m.user_id)`.execute(trx);
  const hasResolved = await trx
    .selectFrom('risk_events')
    .select('id')
    .where('rule', '=', finding.rule)
    .where('cluster_key', '=', finding.clusterKey)
    .where('status', '<>', 'OPEN')
    .limit(1)
    .executeTakeFirst();
  return hasResolved !== undefined && rows[0]?.uncovered === 0;
}

/** The members among `memberIds` whom an open high-severity event holds. */
export async function findHeldMembers(db: Kysely<Database>, memberIds: readonly string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('risk_event_members as em')
    .innerJoin('risk_events as e', 'e.id', 'em.event_id')
    .select('em.user_id')
    .distinct()
    .where(sql<boolean>`em.user_id = ANY(${[...new Set(memberIds)]}::uuid[])`)
    .where('e.status', '=', 'OPEN')
    .where('e.severity', '=', 'HIGH')
    .where(holdsMember)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

export interface OpenEventOfMember {
  user_id: string;
  rule: RiskRule;
  severity: RiskSeverity;
  /** Whether it holds this member (an earlier holder it does not, unless extended). */
  holds: boolean;
}

/**
 * The open events naming each of `memberIds` (a page of an admin list): one indexed lookup per
 * page, by member, never a join over every event.
 */
export function findOpenEventsOf(db: Kysely<Database>, memberIds: readonly string[]): Promise<OpenEventOfMember[]> {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('risk_event_members as em')
    .innerJoin('risk_events as e', 'e.id', 'em.event_id')
    .select(['em.user_id', 'e.rule', 'e.severity', holdsMember.as('holds')])
    .where(sql<boolean>`em.user_id = ANY(${[...new Set(memberIds)]}::uuid[])`)
    .where('e.status', '=', 'OPEN')
    .execute();
}

/** Whether an open high-severity event names the member who owns withdrawal `w` (SQL, over `w.user_id`). */
const heldOwner = sql<boolean>`EXISTS (
  SELECT 1 FROM risk_event_members em JOIN risk_events e ON e.id = em.event_id
   WHERE em.user_id = w.user_id AND e.status = 'OPEN' AND e.severity = 'HIGH' AND ${holdsMember})`;

/** The withdrawals among `withdrawalIds` whose member an open high-severity event holds. */
export async function findHeldWithdrawals(db: Kysely<Database>, withdrawalIds: readonly string[]): Promise<string[]> {
  if (withdrawalIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    SELECT w.id FROM withdrawals w WHERE w.id = ANY(${[...withdrawalIds]}::uuid[]) AND ${heldOwner}
     ORDER BY w.id`.execute(db);
  return rows.map((row) => row.id);
}

/** The pending withdrawals still in a payout batch whose member an open high-severity event holds. */
export async function findHeldBatchWithdrawals(db: Kysely<Database>, batchId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT w.id FROM payout_batch_withdrawals l JOIN withdrawals w ON w.id = l.withdrawal_id
     WHERE l.batch_id = ${batchId} AND l.left_at IS NULL AND w.status = 'PENDING' AND ${heldOwner}
     ORDER BY l.position`.execute(db);
  return rows.map((row) => row.id);
}

/** The events naming a member, newest first (the user detail lists the latest hundred). */
export function findEventsOfMember(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('risk_event_members as em')
    .innerJoin('risk_events as e', 'e.id', 'em.event_id')
    .select(['e.id', 'e.rule', 'e.severity', 'e.status', 'e.created_at', 'e.resolved_at'])
    .where('em.user_id', '=', memberId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(100)
    .execute();
}

export interface RiskEventFilters {
  status?: RiskEventStatus;
  severity?: RiskSeverity;
  rule?: RiskRule;
}

function filtered(db: Kysely<Database>, filters: RiskEventFilters) {
  let query = db.selectFrom('risk_events as e');
  if (filters.status) query = query.where('e.status', '=', filters.status);
  if (filters.severity) query = query.where('e.severity', '=', filters.severity);
  if (filters.rule) query = query.where('e.rule', '=', filters.rule);
  return query;
}

/** A page of events, most severe first, then newest, with who resolved each. */
export function findRiskEventsPage(db: Kysely<Database>, filters: RiskEventFilters, page: PageWindow) {
  return filtered(db, filters)
    .leftJoin('users as resolver', 'resolver.id', 'e.resolved_by')
    .selectAll('e')
    .select(['resolver.first_name as resolver_first_name', 'resolver.last_name as resolver_last_name'])
    .orderBy(sql`CASE e.severity WHEN 'HIGH' THEN 0 WHEN 'MEDIUM' THEN 1 ELSE 2 END`)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
export type RiskEventRow = Awaited<ReturnType<typeof findRiskEventsPage>>[number];

export async function countRiskEvents(db: Kysely<Database>, filters: RiskEventFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Open events and open high-severity events, over all of them. */
export async function countOpenRiskEvents(db: Kysely<Database>): Promise<Record<RiskSeverity, number>> {
  const rows = await db
    .selectFrom('risk_events')
    .select(['severity', (eb) => eb.fn.countAll<string>().as('count')])
    .where('status', '=', 'OPEN')
    .groupBy('severity')
    .execute();
  const of = (severity: RiskSeverity) => Number(rows.find((row) => row.severity === severity)?.count ?? 0);
  return { HIGH: of('HIGH'), MEDIUM: of('MEDIUM'), LOW: of('LOW') };
}

/** An event as the queue lists it names this many of its members at most (a burst may gather thousands). */
export const listedMembersPerEvent = 500;

/**
 * The first `limit` members of each of these events, in the order they joined it, each row with
 * its event's count of members.
 */
export async function findEventMembers(
  db: Kysely<Database>,
  eventIds: readonly string[],
  limit = listedMembersPerEvent,
) {
  if (eventIds.length === 0) return [];
  const { rows } = await sql<{
    event_id: string;
    id: string;
    user_id: string;
    email: string;
    first_name: string;
    last_name: string;
    member_count: number;
    earlier_holder: boolean;
    hold_extended: boolean;
  }>`
    SELECT event_id, id, user_id, email, first_name, last_name, member_count, earlier_holder, hold_extended
      FROM (SELECT em.event_id, u.id, u.user_id, u.email, u.first_name, u.last_name, em.earlier_holder,
                   em.hold_extended_at IS NOT NULL AS hold_extended,
                   row_number() OVER (PARTITION BY em.event_id ORDER BY em.joined_at, u.created_at, u.id) AS position,
                   count(*) OVER (PARTITION BY em.event_id)::int AS member_count
              FROM risk_event_members em JOIN users u ON u.id = em.user_id
             WHERE em.event_id = ANY(${[...eventIds]}::uuid[])) listed
     WHERE position <= ${limit}
     ORDER BY event_id, position`.execute(db);
  return rows;
}

export function findRiskEvent(db: Kysely<Database>, id: string) {
  return db.selectFrom('risk_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockRiskEvent(db: Kysely<Database>, id: string) {
  return db.selectFrom('risk_events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Events opened since `since`, oldest first: what the admin digest lists. */
export function findRiskEventsOpenedSince(db: Kysely<Database>, since: Date, limit: number) {
  return db
    .selectFrom('risk_events')
    .select(['id', 'rule', 'severity', 'created_at'])
    .select((eb) =>
      eb
        .selectFrom('risk_event_members as em')
        .whereRef('em.event_id', '=', 'risk_events.id')
        .select((inner) => inner.fn.countAll<string>().as('members'))
        .as('members'),
    )
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** One event as the queue reads it, with who resolved it. */
export function findRiskEventRow(db: Kysely<Database>, id: string): Promise<RiskEventRow | undefined> {
  return db
    .selectFrom('risk_events as e')
    .leftJoin('users as resolver', 'resolver.id', 'e.resolved_by')
    .selectAll('e')
    .select(['resolver.first_name as resolver_first_name', 'resolver.last_name as resolver_last_name'])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

/** Locks the members of an event (their user rows, in id order): the first of a confirmation's locks. */
export async function lockEventMembers(db: Kysely<Database>, memberIds: readonly string[]) {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'status', 'is_admin', 'deleted_at'])
    .where(sql<boolean>`id = ANY(${[...memberIds]}::uuid[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function memberIdsOf(db: Kysely<Database>, eventId: string): Promise<string[]> {
  const rows = await db.selectFrom('risk_event_members').select('user_id').where('event_id', '=', eventId).execute();
  return rows.map((row) => row.user_id);
}

/** The members the event holds: all but the earlier holders no administrator extended it to. */
export async function heldMemberIdsOf(db: Kysely<Database>, eventId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('risk_event_members as em')
    .select('em.user_id')
    .where('em.event_id', '=', eventId)
    .where(holdsMember)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function markResolved(
  db: Kysely<Database>,
  eventId: string,
  resolution: { status: Exclude<RiskEventStatus, 'OPEN'>; by: string; note: string; at: Date },
): Promise<void> {
  await db
    .updateTable('risk_events')
    .set({
      status: resolution.status,
      resolved_by: resolution.by,
      resolved_at: resolution.at,
      note: resolution.note,
      updated_at: resolution.at,
    })
    .where('id', '=', eventId)
    .execute();
}

/** The members' pending withdrawals, locked in id order (after the members). */
export function lockPendingWithdrawalsOf(db: Kysely<Database>, memberIds: readonly string[]) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where(sql<boolean>`user_id = ANY(${[...memberIds]}::uuid[])`)
    .where('status', '=', 'PENDING')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Locks an event's member row; undefined when the event does not name the member. */
export function lockEventMember(db: Kysely<Database>, eventId: string, memberId: string) {
  return db
    .selectFrom('risk_event_members')
    .select(['earlier_holder', 'hold_extended_at'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

/** An administrator extends the event's hold to an earlier holder. */
export async function extendHold(
  db: Kysely<Database>,
  eventId: string,
  memberId: string,
  extension: { by: string; at: Date },
): Promise<void> {
  await db
    .updateTable('risk_event_members')
    .set({ hold_extended_by: extension.by, hold_extended_at: extension.at })
    .where('event_id', '=', eventId)
    .where('user_id', '=', memberId)
    .execute();
}
