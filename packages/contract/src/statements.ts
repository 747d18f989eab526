import { z } from 'zod';
import { adminRewardsQuerySchema } from './admin-rewards';
import { daySchema } from './days';
import { formatExactAmount } from './reward-figures';
import { type StatementKind, type StatementRange, statementTexts } from './statement-ranges';

export {
  type StatementKind,
  type StatementPreset,
  type StatementRange,
  statementDefaultRange,
  statementPresetLabels,
  statementPresetRange,
  statementTexts,
} from './statement-ranges';

/**
 * A member's statements: `GET /rewards/user/export` and `GET /withdrawals/export`, CSV files of
 * one date range. Days are calendar days in UTC, both ends included: `from` starts at its first
 * millisecond, `to` ends at its last.
 */

const dayMs = 86_400_000;

export const statementRangeQuerySchema = z
  .object({ from: daySchema('From'), to: daySchema('To') })
  .refine((range) => range.from <= range.to, { error: statementTexts.fromAfterTo, path: ['to'] })
  .refine((range) => Number(range.to.slice(0, 4)) - Number(range.from.slice(0, 4)) <= 10, {
    error: statementTexts.tooLong,
    path: ['to'],
  });

/** The moments a range covers: `[start, end)`. */
export function statementMoments(range: StatementRange): { start: Date; end: Date } {
  const start = new Date(`${range.from}T00:00:00.000Z`);
  return { start, end: new Date(new Date(`${range.to}T00:00:00.000Z`).getTime() + dayMs) };
}

/** `uplink-rewards-UP1000042-2026-10-01-to-2026-10-31.csv`: whose, what and when, readable in a folder. */
export function statementFileName(kind: StatementKind, userId: string, range: StatementRange): string {
  return `uplink-${kind}-${userId}-${range.from}-to-${range.to}.csv`;
}

/**
 * The columns of a member's rewards statement, in order; then the closing lines
 * (`rewardStatementClosing`): the exact sum of `rewardAmount` and how the ledger booked it.
 */
export const memberRewardStatementColumns = [
  'date',
  'type',
  'level',
  'cycle',
  'fromMemberName',
  'fromMemberUserId',
  'percent',
  'masterAmount',
  'rewardAmount',
  'state',
] as const;

/**
 * The columns of a member's withdrawals statement; then one closing line per status, each the sum
 * of `amount` of the withdrawals in that status (a rejected or blocked request was never paid, so
 * no line adds them to what was).
 */
export const memberWithdrawalStatementColumns = [
  'requestedAt',
  'amount',
  'asset',
  'walletAddress',
  'status',
  'reason',
  'transactionHash',
  'processedAt',
  'withdrawalId',
] as const;

/** The closing line of each withdrawal status, in this order. */
export const withdrawalStatementTotals = [
  ['APPROVED', 'Total approved (USDT)'],
  ['PENDING', 'Total pending (USDT)'],
  ['REJECTED', 'Total rejected (USDT)'],
  ['BLOCKED_COMPLIANCE', 'Total blocked (USDT)'],
] as const;

/** What the ledger booked for a member's rewards of a range (decimal strings). */
export interface StatementLedger {
  /** Credits posted in the range (whole cents), reversals taken off. */
  credited: string;
  /** Credits locked in the range (whole cents). */
  locked: string;
  /** The remainder under a cent carried into the range from before it. */
  carriedIn: string;
  /** The remainder carried out of the range, to the next credit. */
  carriedOut: string;
}

/**
 * The closing lines of a rewards statement — `Exact` (the rows' sum), `Credited`, `Locked`,
 * `Carried in`, `Carried` — and the one line that says how they add up:
 * exact = credited + locked − carried in + carried.
 */
export function rewardStatementClosing(
  exact: string,
  ledger: StatementLedger,
): { totals: [label: string, amount: string][]; note: string } {
  const format = formatExactAmount;
  return {
    totals: [
      ['Exact', exact],
      ['Credited', ledger.credited],
      ['Locked', ledger.locked],
      ['Carried in', ledger.carriedIn],
      ['Carried', ledger.carriedOut],
    ],
    note:
      `Rows are exact; the ledger books whole cents. Exact sum ${format(exact)} USDT = ${format(ledger.credited)} credited` +
      ` + ${format(ledger.locked)} locked − ${format(ledger.carriedIn)} carried in from before` +
      ` + ${format(ledger.carriedOut)} carried to your next credit.`,
  };
}

/** The lists administrators export as filtered on their screens; each is the audit target of its export. */
export const adminExportKinds = ['users', 'withdrawals', 'rewards', 'audit-log'] as const;
export type AdminExportKind = (typeof adminExportKinds)[number];

/** `uplink-withdrawals-2026-11-27T101500Z.csv`: the list and the moment it was taken. */
export function adminExportFileName(kind: AdminExportKind, at: Date): string {
  return `uplink-${kind}-${at.toISOString().slice(0, 19).replaceAll(':', '')}Z.csv`;
}

/** `GET /rewards/admin/all/export`: the rewards list's query, and a cycle to export one run's rewards. */
export const adminRewardsExportQuerySchema = adminRewardsQuerySchema.extend({
  cycle: z.coerce
    .number({ error: 'Cycle must be a number' })
    .int('Cycle must be a whole number')
    .min(1, 'Cycle must be at least 1')
    .max(1_000_000, 'Cycle is too large')
    .optional(),
});
