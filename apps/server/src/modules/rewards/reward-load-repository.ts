import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { StoredRewardPlan } from './rewards-repository';

/**
 * The reward cycle's load: a statement is matched to members and stored, and one set-based
 * statement over the closure table writes every DOWNLINE reward of a chunk of copiers and the
 * reward counters — no per-member loop. The preview reads the same statements without writing.
 * Callers run these in one transaction under `lockRewardCycle`.
 */

/**
 * Makes the `rewards` partitions of these cycles that are missing (migration 0125), each in its
 * own short transaction: creating a partition locks the whole table until its commit. A cycle
 * whose rewards already sit in the default partition keeps them there.
 */
export async function ensureRewardPartitions(db: Kysely<Database>, cycles: readonly number[]): Promise<void> {
  for (const cycle of cycles) {
    if (cycle >= 1) await sql`SELECT rewards_partition_for(${cycle}::integer)`.execute(db);
  }
}

/**
 * Builds the indexes of the cycle's loaded DOWNLINE rewards and attaches them to `rewards`, in one
 * transaction, once every chunk is written; nothing when they were written into `rewards` itself
 * or are attached already (a resumed run).
 */
export async function attachRewardLoad(db: Kysely<Database>, cycle: number): Promise<void> {
  await db.transaction().execute((trx) => sql`SELECT rewards_attach_load(${cycle}::integer)`.execute(trx));
}

/** The exchange UIDs of every linked member (the sandbox statement is asked about these). */
export async function linkedExchangeUids(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('users').select('bingx_uid').where('bingx_uid', 'is not', null).execute();
  return rows.map((row) => row.bingx_uid as string);
}

export interface StatementLine {
  uid: string;
  /** Decimal string, ≥ 0, at most 8 decimals. */
  masterAmount: string;
}

/**
 * The lines of a statement matched to members, each with whether that member was compliant at
 * `at` (copying, since they are in the statement): the one statement of both the run (which
 * stores it) and the preview (which reads it in chunks). `copier_id` is NULL for a UID no member
 * has linked.
 */
function matchedLines(lines: readonly StatementLine[], minimumBalance: string, at: Date) {
  const uids = lines.map((line) => line.uid);
  const amounts = lines.map((line) => line.masterAmount);
  return sql`
    SELECT l.uid, l.master_amount, u.id AS copier_id,
           u.id IS NOT NULL AND cardinality(member_compliance_failures(u, ${at}, ${minimumBalance}::numeric, true)) = 0
             AS compliant
      FROM unnest(${uids}::text[], ${amounts}::numeric[]) AS l(uid, master_amount)
      LEFT JOIN users u ON u.bingx_uid = l.uid`;
}

export interface StoredStatement {
  /** Lines whose UID belongs to a member, now stored as the cycle's statement. */
  matched: number;
  totalMasterAmount: string;
  /** UIDs no member has linked, reported back to whoever ran the cycle. */
  unknownUids: string[];
}

/**
 * Stores the lines whose UID a member has linked as the cycle's statement (one statement), each
 * copier judged compliant or not at `at` once for the whole run, then refreshes the planner's
 * statistics of the statement table: without them the distribution that follows is planned for
 * an empty cycle (a nested loop over every copier), which made a 20,000-member cycle take two
 * minutes instead of seconds.
 */
export async function storeStatement(
  trx: Kysely<Database>,
  cycle: number,
  lines: readonly StatementLine[],
  minimumBalance: string,
  at: Date,
): Promise<StoredStatement> {
  const { rows } = await sql<{ matched: string; total: string; unknown_uids: string[] }>`
    WITH lines AS (${matchedLines(lines, minimumBalance, at)}),
    stored AS (
      INSERT INTO reward_statement_entries (cycle, copier_id, bingx_uid, master_amount, copier_compliant)
      SELECT ${cycle}, copier_id, uid, master_amount, compliant FROM lines WHERE copier_id IS NOT NULL
      RETURNING master_amount
    )
    SELECT (SELECT count(*) FROM stored)::text AS matched,
           (SELECT coalesce(sum(master_amount), 0) FROM stored)::text AS total,
           (SELECT coalesce(array_agg(uid ORDER BY uid), '{}') FROM lines WHERE copier_id IS NULL) AS unknown_uids
  `.execute(trx);
  await sql`ANALYZE reward_statement_entries`.execute(trx);
  const row = rows[0] as { matched: string; total: string; unknown_uids: string[] };
  return { matched: Number(row.matched), totalMasterAmount: row.total, unknownUids: row.unknown_uids };
}

export interface PreviewedLine {
  uid: string;
  master_amount: string;
  copier_id: string | null;
  compliant: boolean;
}

/** The preview's reading of some statement lines: matched, and each copier judged, as a run would store them. */
export async function matchStatementLines(
  db: Kysely<Database>,
  lines: readonly StatementLine[],
  minimumBalance: string,
  at: Date,
): Promise<PreviewedLine[]> {
  const { rows } = await sql<PreviewedLine>`
    SELECT uid, master_amount::text AS master_amount, copier_id, compliant
      FROM (${matchedLines(lines, minimumBalance, at)}) AS matched`.execute(db);
  return rows;
}

/**
 * The DOWNLINE rewards of some copiers — the one statement of the reward rule, for the run and
 * the preview alike: for each copier and each of their (at most 15) uplines, administrators and
 * deleted members excepted, `master × percent[level] / 100` rounded half up to 8 decimals (a
 * reward that rounds to nothing is not written); POSTED when the upline is among `compliantIds`
 * (the cycle's compliant copiers), LOCKED otherwise.
 *
 * A chunk must cost what its copiers' uplines cost, not what the network costs (issue 26): the
 * uplines are read per copier from the closure's descendant index (`OFFSET 0` keeps the planner
 * from flattening the lateral read into a hash of the whole closure — 14 million rows at a
 * million members, rebuilt for every chunk), and the excluded members come from their own
 * partial index (migration 0126) instead of a scan of every user.
 */
function downlineRewards(copiers: RawBuilder<unknown>, compliantIds: RawBuilder<unknown>, plan: StoredRewardPlan) {
  return sql`
    SELECT c.ancestor_id AS beneficiary_id, s.copier_id AS source_user_id, c.depth AS level,
           p.level_percents[c.depth] AS percent, s.master_amount,
           round(s.master_amount * p.level_percents[c.depth] / 100, 8) AS reward_amount,
           CASE WHEN k.id IS NULL THEN 'LOCKED' ELSE 'POSTED' END AS state
      FROM ${copiers} AS s
      CROSS JOIN LATERAL (
        SELECT u.ancestor_id, u.depth FROM referral_closure u WHERE u.descendant_id = s.copier_id OFFSET 0
      ) AS c
      CROSS JOIN (SELECT ${plan.levelPercents}::numeric[] AS level_percents) AS p
      LEFT JOIN ${compliantIds} AS k ON k.id = c.ancestor_id
     WHERE round(s.master_amount * p.level_percents[c.depth] / 100, 8) > 0
       AND c.ancestor_id NOT IN (SELECT id FROM users WHERE is_admin OR deleted_at IS NOT NULL)`;
}

/**
 * Turns PostgreSQL's JIT compilation off for the rest of the chunk's transaction: the planner's
 * estimates of a chunk statement pass its cost threshold, and compiling took about 200 ms of a
 * ledger chunk's 330 ms — at a thousand chunks a cycle, minutes spent compiling.
 */
export async function turnJitOffForChunk(trx: Kysely<Database>): Promise<void> {
  await sql`SET LOCAL jit = off`.execute(trx);
}

/** How many copiers a chunk of a run or preview takes: each chunk is one short transaction. */
export const copiersPerChunk = 1000;
export interface ChunkDone {
  /** Copiers (or beneficiaries) the chunk took: fewer than asked means it was the last. */
  taken: number;
}

/**
 * Writes the rewards and reward counters of the next chunk of the cycle's stored statement
 * (copiers after the progress cursor, in id order) and moves the cursor, in the caller's
 * transaction: a chunk is written exactly once. The rewards go into the cycle's load table, made
 * without indexes on the first chunk (`rewards_load_table`, migration 0125), which joins `rewards`
 * with its indexes once the last chunk is written (`attachRewardLoad`); the unique key refuses a
 * second credit at the latest then.
 * @rule DOWNLINE_REWARD
 */
export async function writeRewardChunk(
  trx: Kysely<Database>,
  cycle: number,
  plan: StoredRewardPlan,
  at: Date,
  limit = copiersPerChunk,
): Promise<ChunkDone> {
  await turnJitOffForChunk(trx);
  const { rows: load } = await sql<{ target: string }>`SELECT rewards_load_table(${cycle}::integer) AS target`.execute(
    trx,
  );
  const target = load[0]?.target ?? 'rewards';
  const { rows } = await sql<{ taken: string }>`
    WITH progress AS (
      SELECT rewards_through FROM reward_cycle_progress WHERE cycle = ${cycle}
    ),
    chunk AS (
      SELECT s.copier_id, s.master_amount
        FROM reward_statement_entries s
       WHERE s.cycle = ${cycle}
         AND s.copier_id > coalesce((SELECT rewards_through FROM progress), '00000000-0000-0000-0000-000000000000'::uuid)
       ORDER BY s.copier_id
       LIMIT ${limit}
    ),
    written AS (
      INSERT INTO ${sql.table(target)} (beneficiary_id, source_user_id, type, level, cycle, plan_version, percent,
                                        master_amount, reward_amount, state, created_at)
      SELECT r.beneficiary_id, r.source_user_id, 'DOWNLINE', r.level, ${cycle}, ${plan.version}, r.percent,
             r.master_amount, r.reward_amount, r.state, ${at}
        FROM (${downlineRewards(
          sql`chunk`,
          sql`(SELECT copier_id AS id FROM reward_statement_entries WHERE cycle = ${cycle} AND copier_compliant)`,
          plan,
        )}) AS r
      RETURNING beneficiary_id, level
    ),
    counted AS (
      INSERT INTO reward_counts AS rc (beneficiary_id, type, level, rewards)
      SELECT beneficiary_id, 'DOWNLINE', level, count(*)
        FROM written
       GROUP BY beneficiary_id, level
       ORDER BY beneficiary_id, level
      ON CONFLICT (beneficiary_id, type, level) DO UPDATE SET rewards = rc.rewards + EXCLUDED.rewards
    ),
    moved AS (
      UPDATE reward_cycle_progress
         SET rewards_through = coalesce((SELECT copier_id FROM chunk ORDER BY copier_id DESC LIMIT 1), rewards_through),
             rewards_done = (SELECT count(*) FROM chunk) < ${limit},
             rewards_written = rewards_written + (SELECT count(*) FROM written)
       WHERE cycle = ${cycle}
      RETURNING cycle
    )
    SELECT (SELECT count(*) FROM chunk)::text AS taken, (SELECT count(*) FROM moved) AS moved
  `.execute(trx);
  return { taken: Number(rows[0]?.taken ?? 0) };
}

export interface PreviewedRewards {
  rewardsWritten: number;
  totalPaid: string;
  totalLocked: string;
}

/** What the rewards of some copiers would be (the run's own rule), without writing them. */
export async function previewRewardChunk(
  db: Kysely<Database>,
  copiers: readonly { copierId: string; masterAmount: string }[],
  compliantIds: readonly string[],
  plan: StoredRewardPlan,
): Promise<PreviewedRewards> {
  const ids = copiers.map((copier) => copier.copierId);
  const amounts = copiers.map((copier) => copier.masterAmount);
  const { rows } = await sql<{ written: string; paid: string; locked: string }>`
    SELECT count(*)::text AS written,
           coalesce(sum(reward_amount) FILTER (WHERE state = 'POSTED'), 0)::text AS paid,
           coalesce(sum(reward_amount) FILTER (WHERE state = 'LOCKED'), 0)::text AS locked
      FROM (${downlineRewards(
        sql`(SELECT * FROM unnest(${ids}::uuid[], ${amounts}::numeric[]) AS copiers(copier_id, master_amount))`,
        sql`(SELECT unnest(${[...compliantIds]}::uuid[]) AS id)`,
        plan,
      )}) AS r`.execute(db);
  const row = rows[0] as { written: string; paid: string; locked: string };
  return { rewardsWritten: Number(row.written), totalPaid: row.paid, totalLocked: row.locked };
}
