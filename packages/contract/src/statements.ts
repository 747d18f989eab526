import { z } from 'zod';
import { adminRewardsQuerySchema } from './rewards';

/**
 * A member's statements: `GET /rewards/user/export` and `GET /withdrawals/export`, CSV files of
 * one date range. Days are calendar days in UTC, both ends included: `from` starts at its first
 * millisecond, `to` ends at its last.
 */

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;

function daySchema(label: string) {
  return z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .regex(dayPattern, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (value) => {
        const day = new Date(`${value}T00:00:00.000Z`);
        return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
      },
      { error: `${label} must be a date that exists`, abort: true },
    );
}

export const statementTexts = {
  fromAfterTo: 'From must be on or before To',
  tooLong: 'A statement covers at most 10 years',
  downloadFailed: 'The statement could not be downloaded',
} as const;

export const statementRangeQuerySchema = z
  .object({ from: daySchema('From'), to: daySchema('To') })
  .refine((range) => range.from <= range.to, { error: statementTexts.fromAfterTo, path: ['to'] })
  .refine((range) => Number(range.to.slice(0, 4)) - Number(range.from.slice(0, 4)) <= 10, {
    error: statementTexts.tooLong,
    path: ['to'],
  });
export type StatementRange = z.infer<typeof statementRangeQuerySchema>;

/** The moments a range covers: `[start, end)`. */
export function statementMoments(range: StatementRange): { start: Date; end: Date } {
  const start = new Date(`${range.from}T00:00:00.000Z`);
  return { start, end: new Date(new Date(`${range.to}T00:00:00.000Z`).getTime() + dayMs) };
}

export type StatementKind = 'rewards' | 'withdrawals';

/** `uplink-rewards-UP1000042-2026-10-01-to-2026-10-31.csv`: whose, what and when, readable in a folder. */
export function statementFileName(kind: StatementKind, userId: string, range: StatementRange): string {
  return `uplink-${kind}-${userId}-${range.from}-to-${range.to}.csv`;
}

/**
 * The columns of a member's rewards statement, in order; then `Total`, the exact sum of
 * `rewardAmount`, and `Credited`, what the ledger credited in the range (whole cents, the rest carried).
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

/** The columns of a member's withdrawals statement; the last line is `Total` and the sum of `amount`. */
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

/** A date range a member picks in one click; `today` is the UTC day the screen is on. */
export type StatementPreset = 'thisMonth' | 'lastMonth' | 'thisYear';

export const statementPresetLabels: Record<StatementPreset, string> = {
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisYear: 'This year',
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function statementPresetRange(preset: StatementPreset, today: Date): StatementRange {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  switch (preset) {
    case 'thisMonth':
      return { from: isoDay(new Date(Date.UTC(year, month, 1))), to: isoDay(today) };
    case 'lastMonth':
      return {
        from: isoDay(new Date(Date.UTC(year, month - 1, 1))),
        to: isoDay(new Date(Date.UTC(year, month, 0))),
      };
    case 'thisYear':
      return { from: isoDay(new Date(Date.UTC(year, 0, 1))), to: isoDay(today) };
  }
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
