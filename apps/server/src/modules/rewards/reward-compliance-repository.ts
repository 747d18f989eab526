import type { LockReason } from '@uplink/contract/reward-lock-reasons';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { carryReleasedRemainders } from '../ledger/ledger-repository';

/**
 * Locked rewards (pending ledger credits) and the compliance rule that decides them. The rule is
 * the SQL function `member_compliance_failures(member, at, minimum_balance, copying)`,
 * db/functions/member-compliance-failures.ts (its "paid" is `subscription_is_paid`, the twin of
 * `hasPaidSubscription`); "copying now" is `member_is_copying`, db/functions/member-is-copying.ts. A locked credit is released once its owner is
 * compliant again, and forfeited when its deadline (`locked_credit_forfeits_at`,
 * db/functions/locked-credit-forfeits-at.ts) has passed first; the rewards behind it follow its fate.
 */

export interface SettledLocks {
  released: number;
  forfeited: number;
}

/**
 * Settles every open locked credit that can be decided at `now`, in one statement.
 * @rule LOCKED_REWARD_SETTLED
 */
export function settleOpenLocks(db: Kysely<Database>, minimumBalance: string, now: Date): Promise<SettledLocks> {
  return db.transaction().execute((trx) =>
    settleLocks(
      trx,
      sql`true`,
      sql`CASE WHEN cardinality(member_compliance_failures(u, ${now}, ${minimumBalance}::numeric,
                                                         member_is_copying(u.id))) = 0
             THEN 'CREDIT_RELEASED'
             WHEN locked_credit_forfeits_at(o.created_at) <= ${now}
             THEN 'CREDIT_FORFEITED' END`,
      now,
    ),
  );
}

/** Forfeits every open locked credit of one member at once (the member is deleted). */
export function forfeitMemberLocks(db: Kysely<Database>, memberId: string, now: Date): Promise<SettledLocks> {
  return settleLocks(db, sql`p.account_id = ${memberId}`, sql`'CREDIT_FORFEITED'`, now);
}

/**
 * Settles the open locked credits in `scope` (a condition on the pending entry `p`) as `decision`
 * says (an expression over the entry `o` and its member `u`: released, forfeited or still open),
 * each with its settling entry, and moves the rewards behind them to the same fate.
 */
async function settleLocks(
  db: Kysely<Database>,
  scope: RawBuilder<unknown>,
  decision: RawBuilder<unknown>,
  now: Date,
): Promise<SettledLocks> {
  const { rows } = await sql<{
    released: string;
    forfeited: string;
    legacy: { accountId: string; pendingEntryId: string }[];
  }>`
    WITH open AS (
      SELECT p.id, p.account_id, p.amount, p.reason_type, p.reason_id, p.created_at
        FROM ledger_entries p
       WHERE p.kind = 'CREDIT_PENDING'
         AND ${scope}
         AND NOT EXISTS (SELECT 1 FROM ledger_entries s WHERE s.settles_entry_id = p.id)
    ),
    decided AS (
      SELECT o.*, ${decision} AS kind
        FROM open o
        JOIN users u ON u.id = o.account_id
    ),
    settled AS (
      INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id, settles_entry_id, created_at)
      SELECT account_id, kind, amount, reason_type, reason_id, id, ${now}
        FROM decided
       WHERE kind IS NOT NULL
       ORDER BY account_id
      RETURNING account_id, kind, reason_type, reason_id, amount, settles_entry_id
    ),
    rewards_settled AS (
      UPDATE rewards r
         SET state = CASE s.kind WHEN 'CREDIT_RELEASED' THEN 'RELEASED' ELSE 'FORFEITED' END
        FROM settled s
       WHERE r.beneficiary_id = s.account_id
         AND r.state = 'LOCKED'
         AND CASE s.reason_type
               WHEN 'REWARD' THEN r.id = s.reason_id::bigint
               ELSE r.type = 'DOWNLINE' AND r.cycle = s.reason_id::integer END
    )
    SELECT count(*) FILTER (WHERE kind = 'CREDIT_RELEASED')::text AS released,
           count(*) FILTER (WHERE kind = 'CREDIT_FORFEITED')::text AS forfeited,
           -- Locked credits booked before the ledger was in cents (migration 0120) may be under a cent.
           coalesce(json_agg(json_build_object('accountId', account_id, 'pendingEntryId', settles_entry_id::text))
                      FILTER (WHERE kind = 'CREDIT_RELEASED' AND amount <> trunc(amount, 2)), '[]') AS legacy
      FROM settled
  `.execute(db);
  const row = rows[0] as {
    released: string;
    forfeited: string;
    legacy: { accountId: string; pendingEntryId: string }[];
  };
  await carryReleasedRemainders(db, row.legacy, now);
  return { released: Number(row.released), forfeited: Number(row.forfeited) };
}

export interface OpenLock {
  reason_type: 'REWARD' | 'REWARD_CYCLE';
  cycle: number;
  amount: string;
  created_at: Date;
  /** When it is forfeited unless released first (`locked_credit_forfeits_at`). */
  forfeits_at: Date;
}

/** The member's open locked credits, oldest first, with the cycle each belongs to. */
export async function findOpenLocks(db: Kysely<Database>, memberId: string): Promise<OpenLock[]> {
  const { rows } = await sql<OpenLock>`
    SELECT p.reason_type, p.amount::text AS amount, p.created_at, locked_credit_forfeits_at(p.created_at) AS forfeits_at,
           CASE p.reason_type WHEN 'REWARD_CYCLE' THEN p.reason_id::integer
                ELSE (SELECT r.cycle FROM rewards r WHERE r.id = p.reason_id::bigint) END AS cycle
      FROM ledger_entries p
     WHERE p.account_id = ${memberId}
       AND p.kind = 'CREDIT_PENDING'
       AND NOT EXISTS (SELECT 1 FROM ledger_entries s WHERE s.settles_entry_id = p.id)
     ORDER BY p.created_at, p.id`.execute(db);
  return rows;
}

/** The conditions of compliance the member fails now (none: new rewards are credited at once). */
export async function findLockReasons(
  db: Kysely<Database>,
  memberId: string,
  minimumBalance: string,
  now: Date,
): Promise<LockReason[]> {
  const { rows } = await sql<{ reasons: LockReason[] }>`
    SELECT member_compliance_failures(u, ${now}, ${minimumBalance}::numeric, member_is_copying(u.id)) AS reasons
      FROM users u
     WHERE u.id = ${memberId}`.execute(db);
  return rows[0]?.reasons ?? [];
}

/** Linked members whose exchange balance was last checked before `checkedBefore`, oldest check first. */
export async function membersDueForBalanceCheck(
  db: Kysely<Database>,
  checkedBefore: Date,
  limit: number,
): Promise<{ id: string; bingx_uid: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'bingx_uid'])
    .where('bingx_uid', 'is not', null)
    .where((eb) =>
      eb.or([eb('bingx_balance_checked_at', 'is', null), eb('bingx_balance_checked_at', '<', checkedBefore)]),
    )
    .orderBy(sql`bingx_balance_checked_at NULLS FIRST`)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, bingx_uid: row.bingx_uid as string }));
}

export async function recordExchangeBalance(
  db: Kysely<Database>,
  memberId: string,
  balanceUsdt: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ bingx_balance: balanceUsdt, bingx_balance_checked_at: at })
    .where('id', '=', memberId)
    .execute();
}
