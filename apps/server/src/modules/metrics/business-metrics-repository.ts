import type { RiskSeverity } from '@uplink/contract/risk';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** What an operator alerts on, read in one statement from counters and indexed columns (no table scan). */
export interface BusinessSnapshot {
  pendingWithdrawals: number;
  /** USDT held by pending withdrawals, as a decimal string. */
  pendingWithdrawalAmount: string;
  oldestPendingWithdrawalAt: Date | null;
  pendingMails: number;
  oldestPendingMailAt: Date | null;
  lastDistributedCycle: number | null;
  lastDistributedAt: Date | null;
  /** USDT of the rewards locked now (not yet released or forfeited), exact. */
  lockedRewardAmount: string;
  /** The last block the deposit scanner has fully read, or null before its first scan. */
  depositCursorBlock: number | null;
  /** Payout batches with a withdrawal still to pay (OPEN or PARTLY_PAID). */
  openPayoutBatches: number;
  /** USDT of the withdrawals still to pay in those batches, exact. */
  unpaidPayoutBatchAmount: string;
  /** Treasury transfers that matched no withdrawal, waiting for an administrator. */
  unmatchedTreasuryTransfers: number;
  /** When the database was installed (migration 0150). */
  installedAt: Date | null;
  /** Open risk events by severity. */
  openRiskEvents: Record<RiskSeverity, number>;
  /** When the oldest open high-severity risk event was opened. */
  oldestOpenHighRiskEventAt: Date | null;
}

interface SnapshotRow {
  pending_withdrawals: string | null;
  pending_withdrawal_amount: string | null;
  oldest_pending_withdrawal_at: Date | string | null;
  pending_mails: string;
  oldest_pending_mail_at: Date | string | null;
  last_distributed_cycle: number | null;
  last_distributed_at: Date | string | null;
  locked_reward_amount: string | null;
  deposit_cursor_block: string | null;
  open_payout_batches: number;
  unpaid_payout_batch_amount: string | null;
  unmatched_treasury_transfers: string;
  installed_at: Date | string | null;
  open_risk_events_high: string;
  open_risk_events_medium: string;
  open_risk_events_low: string;
  oldest_open_high_risk_event_at: Date | string | null;
}

export async function readBusinessSnapshot(
  db: Kysely<Database>,
  depositCursorName: string | null,
): Promise<BusinessSnapshot> {
  // withdrawals_status_idx (status, requested_at) answers the oldest pending withdrawal from its
  // first entry; the partial index of pending mail (mail_outbox_due_idx) holds only the queue;
  // the totals are the counter tables the writers keep. The batches still to pay are read from the
  // pending withdrawals (withdrawals_status_idx) and their open line (payout_batch_withdrawals_open):
  // the lines of paid batches, which only grow, are never read; treasury_transfers_unmatched_idx
  // holds only the unmatched transfers; risk_events_queue_idx (status, severity, created_at) the
  // open risk events.
  const { rows } = await sql<SnapshotRow>`
    SELECT
      (SELECT sum(withdrawals) FROM withdrawal_totals WHERE status = 'PENDING') AS pending_withdrawals,
      (SELECT sum(amount) FROM withdrawal_totals WHERE status = 'PENDING') AS pending_withdrawal_amount,
      (SELECT min(requested_at) FROM withdrawals WHERE status = 'PENDING') AS oldest_pending_withdrawal_at,
      (SELECT count(*) FROM mail_outbox WHERE status = 'PENDING') AS pending_mails,
      (SELECT min(created_at) FROM mail_outbox WHERE status = 'PENDING') AS oldest_pending_mail_at,
      last_run.cycle AS last_distributed_cycle,
      last_run.finished_at AS last_distributed_at,
      (SELECT sum(reward_amount) FROM reward_totals WHERE state = 'LOCKED') AS locked_reward_amount,
      (SELECT last_block FROM chain_scan_cursors WHERE name = ${depositCursorName}) AS deposit_cursor_block,
      (SELECT count(*) FROM treasury_transfers WHERE unmatched_reason IS NOT NULL) AS unmatched_treasury_transfers,
      (SELECT installed_at FROM installation) AS installed_at,
      (SELECT count(*) FROM risk_events WHERE status = 'OPEN' AND severity = 'HIGH') AS open_risk_events_high,
      (SELECT count(*) FROM risk_events WHERE status = 'OPEN' AND severity = 'MEDIUM') AS open_risk_events_medium,
      (SELECT count(*) FROM risk_events WHERE status = 'OPEN' AND severity = 'LOW') AS open_risk_events_low,
      (SELECT min(created_at) FROM risk_events WHERE status = 'OPEN' AND severity = 'HIGH') AS oldest_open_high_risk_event_at,
      unpaid.open_payout_batches, unpaid.unpaid_payout_batch_amount
    FROM (SELECT 1) AS one
    CROSS JOIN (
      SELECT count(DISTINCT l.batch_id)::int AS open_payout_batches, sum(w.amount) AS unpaid_payout_batch_amount
        FROM withdrawals w
        JOIN payout_batch_withdrawals l ON l.withdrawal_id = w.id AND l.left_at IS NULL
       WHERE w.status = 'PENDING'
    ) AS unpaid
    LEFT JOIN LATERAL (
      SELECT cycle, finished_at FROM reward_cycle_runs
      WHERE outcome = 'DISTRIBUTED' ORDER BY cycle DESC LIMIT 1
    ) AS last_run ON true
  `.execute(db);
  const row = rows[0] as SnapshotRow;
  return {
    pendingWithdrawals: Number(row.pending_withdrawals ?? 0),
    pendingWithdrawalAmount: row.pending_withdrawal_amount ?? '0',
    oldestPendingWithdrawalAt: asDate(row.oldest_pending_withdrawal_at),
    pendingMails: Number(row.pending_mails),
    oldestPendingMailAt: asDate(row.oldest_pending_mail_at),
    lastDistributedCycle: row.last_distributed_cycle,
    lastDistributedAt: asDate(row.last_distributed_at),
    lockedRewardAmount: row.locked_reward_amount ?? '0',
    depositCursorBlock: row.deposit_cursor_block === null ? null : Number(row.deposit_cursor_block),
    openPayoutBatches: row.open_payout_batches,
    unpaidPayoutBatchAmount: row.unpaid_payout_batch_amount ?? '0',
    unmatchedTreasuryTransfers: Number(row.unmatched_treasury_transfers),
    installedAt: asDate(row.installed_at),
    openRiskEvents: {
      HIGH: Number(row.open_risk_events_high),
      MEDIUM: Number(row.open_risk_events_medium),
      LOW: Number(row.open_risk_events_low),
    },
    oldestOpenHighRiskEventAt: asDate(row.oldest_open_high_risk_event_at),
  };
}

function asDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
