import type { MemberReport } from '@uplink/contract/admin-reports';
import type { UserStatus } from '@uplink/contract/constants';

/** The kinds of activity the sample data shows. */
export const sampleActivityTypes = ['LOGIN', 'REWARD_CLAIM', 'WITHDRAWAL', 'REFERRAL', 'SUBSCRIPTION'] as const;
export type SampleActivityType = (typeof sampleActivityTypes)[number];

export interface SampleActivity {
  id: string;
  type: SampleActivityType;
  description: string;
  /** USDT, where the activity moved money. */
  amount?: number;
  timestamp: string;
}

/** A sample member report: the spec's sample row with the member and their sample activities. */
export interface SampleReport extends Omit<MemberReport, 'totalMasterAmount'> {
  totalTradingVolume: number;
  activities: SampleActivity[];
}

/**
 * One row of the reports table, whichever view it comes from. `volume` is the sample's trading
 * volume, or — live — what the member's trading paid the master trader (the exchange reports no
 * volume); the view names the column accordingly.
 */
export interface ReportRow extends Omit<MemberReport, 'totalMasterAmount'> {
  volume: number;
  /** The sample's activities; the live view has none. */
  activities: SampleActivity[] | null;
}

export function fromSampleReport({ totalTradingVolume, ...report }: SampleReport): ReportRow {
  return { ...report, volume: totalTradingVolume };
}

export function fromLiveReport({ totalMasterAmount, ...report }: MemberReport): ReportRow {
  return { ...report, volume: totalMasterAmount, activities: null };
}

/**
 * The sample rows a search and a status filter keep: the search is a case-insensitive substring
 * of the name, e-mail or user ID, as on the live view.
 */
export function filterReportRows(
  rows: readonly ReportRow[],
  search: string,
  status: UserStatus | undefined,
): ReportRow[] {
  const needle = search.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (status === undefined || row.status === status) &&
      (needle === '' ||
        `${row.firstName} ${row.lastName}`.toLowerCase().includes(needle) ||
        row.email.toLowerCase().includes(needle) ||
        row.userId.toLowerCase().includes(needle)),
  );
}
