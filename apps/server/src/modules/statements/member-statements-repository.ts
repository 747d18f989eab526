import type { StatementLedger } from '@uplink/contract/statements';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Reads of a member's statements, a chunk at a time in a stable order (moment, then id) after
 * the last row sent: the position is the row's exact database moment (`*_key`, microseconds kept),
 * so no row is skipped or sent twice between chunks.
 */

export interface StatementRewardRow {
  id: string;
  created_at: Date;
  created_key: string;
  type: string;
  level: number;
  cycle: number;
  percent: string;
  master_amount: string;
  reward_amount: string;
  state: string;
  source_first_name: string | null;
  source_last_name: string | null;
  source_user_number: string | null;
}

export interface MemberPeriod {
  memberId: string;
  start: Date;
  end: Date;
}

export async function findStatementRewards(
  db: Kysely<Database>,
  period: MemberPeriod,
  last: StatementRewardRow | undefined,
  limit: number,
): Promise<StatementRewardRow[]> {
  const { rows } = await sql<StatementRewardRow>`
    SELECT r.id::text AS id, r.created_at, r.created_at::text AS created_key, r.type, r.level, r.cycle,
           r.percent::text AS percent, r.master_amount::text AS master_amount,
           r.reward_amount::text AS reward_amount, r.state,
           s.first_name AS source_first_name, s.last_name AS source_last_name, s.user_id::text AS source_user_number
      FROM rewards r
      LEFT JOIN users s ON s.id = r.source_user_id
     WHERE r.beneficiary_id = ${period.memberId}
       AND r.created_at >= ${period.start} AND r.created_at < ${period.end}
       ${last ? sql`AND (r.created_at, r.id) > (${last.created_key}::timestamptz, ${last.id}::bigint)` : sql``}
     ORDER BY r.created_at, r.id
     LIMIT ${limit}`.execute(db);
  return rows;
}

export interface StatementWithdrawalRow {
  id: string;
  requested_at: Date;
  requested_key: string;
  amount: string;
  asset: string;
  wallet_address: string;
  status: string;
  reason: string | null;
  transaction_hash: string | null;
  processed_at: Date | null;
}

export async function findStatementWithdrawals(
  db: Kysely<Database>,
  period: MemberPeriod,
  last: StatementWithdrawalRow | undefined,
  limit: number,
): Promise<StatementWithdrawalRow[]> {
  const { rows } = await sql<StatementWithdrawalRow>`
    SELECT w.id::text AS id, w.requested_at, w.requested_at::text AS requested_key, w.amount::text AS amount,
           w.asset, w.wallet_address, w.status, w.reason, w.transaction_hash, w.processed_at
      FROM withdrawals w
     WHERE w.user_id = ${period.memberId}
       AND w.requested_at >= ${period.start} AND w.requested_at < ${period.end}
       ${last ? sql`AND (w.requested_at, w.id) > (${last.requested_key}::timestamptz, ${last.id}::uuid)` : sql``}
     ORDER BY w.requested_at, w.id
     LIMIT ${limit}`.execute(db);
  return rows;
}

export async function findMemberNumber(db: Kysely<Database>, memberId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select(sql<string>`user_id::text`.as('user_id'))
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.user_id;
}

/**
 * What the ledger booked for the member's rewards of the period: credits posted (reversals taken
 * off) and locked in it, in whole cents, and the remainder carried into it and out of it (the Σ of
 * carry_delta before its start and before its end). A credit is booked at its rewards' moment, so
 * the rewards of the period sum exactly to credited + locked − carried in + carried out.
 */
export async function findPeriodLedger(db: Kysely<Database>, period: MemberPeriod): Promise<StatementLedger> {
  const { rows } = await sql<StatementLedger>`
    SELECT (coalesce(sum(amount) FILTER (WHERE created_at >= ${period.start} AND kind = 'CREDIT_POSTED'), 0)
              - coalesce(sum(amount) FILTER (WHERE created_at >= ${period.start} AND kind = 'CREDIT_REVERSED'), 0))::text
             AS credited,
           coalesce(sum(amount) FILTER (WHERE created_at >= ${period.start} AND kind = 'CREDIT_PENDING'), 0)::text AS locked,
           coalesce(sum(carry_delta) FILTER (WHERE created_at < ${period.start}), 0)::text AS "carriedIn",
           coalesce(sum(carry_delta), 0)::text AS "carriedOut"
      FROM ledger_entries
     WHERE account_id = ${period.memberId} AND created_at < ${period.end}`.execute(db);
  return rows[0] ?? { credited: '0', locked: '0', carriedIn: '0', carriedOut: '0' };
}
