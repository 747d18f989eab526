import type { AuditAction } from '@uplink/contract/audit';
import { Decimal } from 'decimal.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { type Config, loadConfig } from '../config/load-config';
import type { Database, UserRow } from '../db/schema';
import { createTreasuryReconciliation } from '../modules/treasury/treasury-reconciliation';
import { creditReward, sessionHeaders } from './builders';

/**
 * What the payout batch tests and the bench share: pending withdrawals written in bulk the way a
 * withdrawal's creation writes one (a used code, the hold on the ledger, the row; every trigger
 * on), and the batch routes' calls.
 */

/** Withdrawals written per transaction: one transaction's many updates of the member's ledger row grow quadratically. */
const seedChunk = 5_000;

/**
 * Pending withdrawals of `member`, one per amount (decimal strings, whole cents), requested one
 * millisecond apart from `at` in the order given (a batch's line order), each to a fresh wallet;
 * the member is credited their sum first. Resolves their ids in that order.
 */
export async function seedPendingWithdrawals(
  db: Kysely<Database>,
  member: UserRow,
  amounts: readonly string[],
  at = new Date(),
): Promise<string[]> {
  const cents = amounts.reduce((total, amount) => total + BigInt(new Decimal(amount).times(100).toFixed(0)), 0n);
  const sum = new Decimal(cents.toString()).dividedBy(100).toFixed(2);
  await creditReward(db, { beneficiary: member, source: member, amount: sum, type: 'DIRECT' });
  const ids: string[] = [];
  for (let start = 0; start < amounts.length; start += seedChunk) {
    const chunk = amounts.slice(start, start + seedChunk);
    ids.push(
      ...(await db.transaction().execute((trx) => seedChunkOf(trx, member, chunk, new Date(at.getTime() + start)))),
    );
  }
  return ids;
}

/**
 * Many pending withdrawals at once with the triggers off (as the benches load): the ledger holds
 * and the per-status totals do not follow, so only for a test that reads nothing but the
 * withdrawals themselves (a filter matching more than a batch may hold).
 */
export function seedPendingWithdrawalsWithoutTriggers(
  db: Kysely<Database>,
  member: UserRow,
  amounts: readonly string[],
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    return seedChunkOf(trx, member, amounts, new Date());
  });
}

async function seedChunkOf(
  trx: Kysely<Database>,
  member: UserRow,
  amounts: readonly string[],
  at: Date,
): Promise<string[]> {
  await sql`
    CREATE TEMP TABLE seeded ON COMMIT DROP AS
    SELECT gen_random_uuid() AS withdrawal_id, gen_random_uuid() AS code_id, a.amount, a.n,
           ${at}::timestamptz + make_interval(secs => (a.n - 1) / 1000.0) AS requested_at,
           '0x' || substr(md5(random()::text) || md5(random()::text), 1, 40) AS wallet
      FROM unnest(${amounts}::numeric[]) WITH ORDINALITY AS a(amount, n)`.execute(trx);
  await sql`
    INSERT INTO withdrawal_codes (id, user_id, code_hash, attempts, created_at, expires_at, verified_at, used_at)
    SELECT code_id, ${member.id}, md5(code_id::text), 1, requested_at, requested_at + interval '10 minutes',
           requested_at, requested_at
      FROM seeded`.execute(trx);
  await sql`
    INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id, created_at)
    SELECT ${member.id}, 'DEBIT_PENDING', amount, 'WITHDRAWAL', withdrawal_id::text, requested_at FROM seeded`.execute(
    trx,
  );
  const { rows } = await sql<{ id: string }>`
    INSERT INTO withdrawals (id, user_id, amount, wallet_address, code_id, hold_entry_id, requested_at)
    SELECT s.withdrawal_id, ${member.id}, s.amount, s.wallet, s.code_id, h.id, s.requested_at
      FROM seeded s JOIN ledger_entries h ON h.reason_type = 'WITHDRAWAL' AND h.reason_id = s.withdrawal_id::text
     ORDER BY s.n
    RETURNING id`.execute(trx);
  return rows.map((row) => row.id);
}

export function createBatch(
  app: FastifyInstance,
  administrator: UserRow,
  payload: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/withdrawals/admin/batches',
    headers: sessionHeaders(app, administrator),
    payload: payload as object,
  });
}

/** The administrator's approval of a batch, the second pair of eyes above PAYOUT_SECOND_APPROVAL_ABOVE. */
export function approveBatch(
  app: FastifyInstance,
  administrator: UserRow,
  batchId: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/withdrawals/admin/batches/${batchId}/approve`,
    headers: sessionHeaders(app, administrator),
  });
}

/** The administrator downloads a batch's file for Safe in `format` (the query as given: `safe-csv` or `safe-json`). */
export function exportBatch(
  app: FastifyInstance,
  administrator: UserRow,
  batchId: string,
  format = 'safe-csv',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/api/withdrawals/admin/batches/${batchId}/export?format=${format}`,
    headers: sessionHeaders(app, administrator),
  });
}

/** The id of a new batch of these withdrawals (it must be created). */
export async function batchOf(app: FastifyInstance, administrator: UserRow, withdrawalIds: string[]): Promise<string> {
  const answer = await createBatch(app, administrator, { withdrawalIds });
  if (answer.statusCode !== 200) throw new Error(`batch refused: ${answer.body}`);
  return answer.json().data._id;
}

/** An administrator's decision on a withdrawal over the API (payouts taken on their hash: `payoutsUnverified`). */
export function decide(
  app: FastifyInstance,
  administrator: UserRow,
  withdrawalId: string,
  decision:
    | { status: 'APPROVED'; transactionHash: string }
    | { status: 'REJECTED' | 'BLOCKED_COMPLIANCE'; reason: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: `/api/withdrawals/${withdrawalId}`,
    headers: sessionHeaders(app, administrator),
    payload: decision,
  });
}

/** The audit row of one action on a target (there must be one). */
export function auditOf(db: Kysely<Database>, targetId: string, action: AuditAction) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', targetId)
    .where('action', '=', action)
    .executeTakeFirstOrThrow();
}

/** The payout settings with this four-eyes limit (PAYOUT_SECOND_APPROVAL_ABOVE). */
export function secondApprovalAbove(limit: string): Partial<Config> {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/uplink-test-data', PAYOUT_SECOND_APPROVAL_ABOVE: limit });
  return { withdrawals: base.withdrawals };
}

/** One run of the treasury reconciliation over the test app's chain, as its job runs it. */
export function reconcileOnce(app: FastifyInstance) {
  const reconciliation = createTreasuryReconciliation(app.context);
  if (!reconciliation) throw new Error('no chain configured');
  return reconciliation.reconcile();
}

/** A transaction hash of its own for each payment. */
export const someHash = () => `0x${crypto.randomUUID().replaceAll('-', '')}${crypto.randomUUID().replaceAll('-', '')}`;
