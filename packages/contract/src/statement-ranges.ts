/*
 * A member's statement ranges and texts, without the schemas: the statement card on the rewards
 * screen loads neither zod nor decimal.js (statements.ts forwards them).
 */
import { fromAfterTo } from './day-texts';

export const statementTexts = {
  fromAfterTo,
  tooLong: 'A statement covers at most 10 years',
  downloadFailed: 'The statement could not be downloaded',
} as const;

/** A range of calendar days in UTC, both ends included (`statementRangeQuerySchema` checks one). */
export interface StatementRange {
  from: string;
  to: string;
}

export type StatementKind = 'rewards' | 'withdrawals';

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

/**
 * The range a member's statements open on: the month of their latest activity (a reward or a
 * withdrawal request, `latestActivityAt`), up to today when that is this month; this month when
 * there is none yet — never an empty file while their rewards sit in another month.
 */
export function statementDefaultRange(latestActivityAt: string | null, today: Date): StatementRange {
  const latest = latestActivityAt ? new Date(latestActivityAt) : today;
  const year = latest.getUTCFullYear();
  const month = latest.getUTCMonth();
  if (year === today.getUTCFullYear() && month === today.getUTCMonth()) return statementPresetRange('thisMonth', today);
  return { from: isoDay(new Date(Date.UTC(year, month, 1))), to: isoDay(new Date(Date.UTC(year, month + 1, 0))) };
}
