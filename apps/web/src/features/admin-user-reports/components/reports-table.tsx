import { type MemberReports, memberReportTexts } from '@uplink/contract/admin-reports';
import { formatCount, formatMoney, fullName } from '@uplink/contract/format';
import { StatusBadge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { type ListWording, PagedTable, tableWording } from '../../../components/paged-table';
import { actionColumn, type Column, DataTable } from '../../../components/table';
import { dateColumn, MemberCell } from '../../../components/table-cells';
import { loadFailure } from '../../../lib/error-text';
import type { UseQueryResult } from '../../../lib/query';
import { fromLiveReport, type ReportRow } from '../utils/report-rows';

/** An amount in the table; the table's caption says they are USDT (a unit on every cell would not fit). */
function money(amount: number) {
  return <span className="whitespace-nowrap tabular-nums">{formatMoney(amount)}</span>;
}

function reportColumns(volumeLabel: string, onOpen: (row: ReportRow) => void): Column<ReportRow>[] {
  return [
    {
      key: 'member',
      header: 'Member',
      card: 'title',
      cell: (row) => (
        // Long e-mails are cut short here (the report shows them whole) so the figures fit beside them.
        <div className="max-w-48">
          <MemberCell
            member={row}
            identity={
              <>
                <span className="block truncate" title={row.email}>
                  {row.email}
                </span>
                <span className="flex items-center gap-2">
                  {row.userId} <StatusBadge status={row.status} />
                </span>
              </>
            }
          />
        </div>
      ),
    },
    { key: 'balance', header: 'Available', className: 'text-right', cell: (row) => money(row.availableBalance) },
    {
      key: 'pending',
      header: 'Pending',
      className: 'text-right',
      cell: (row) => (
        <div>
          {money(row.pendingWithdrawals.amount)}
          <p className="text-slate-500 text-xs">{formatCount(row.pendingWithdrawals.count, ['request', 'requests'])}</p>
        </div>
      ),
    },
    { key: 'volume', header: volumeLabel, className: 'text-right', priority: 'low', cell: (row) => money(row.volume) },
    {
      key: 'trading',
      header: 'Trading rewards',
      className: 'text-right',
      priority: 'low',
      cell: (row) => money(row.totalTradingRewards),
    },
    {
      key: 'referrals',
      header: 'Referrals',
      className: 'text-right',
      priority: 'low',
      cell: (row) => (
        <div>
          <span className="tabular-nums">{formatCount(row.totalReferrals)}</span>
          <p className="text-slate-500 text-xs">{money(row.referralRewards)}</p>
        </div>
      ),
    },
    dateColumn({ key: 'activity', header: 'Last activity', value: (row) => row.lastActivity }),
    actionColumn({
      key: 'report',
      header: 'Action',
      cell: (row) => (
        <Button
          variant="secondary"
          size="sm"
          onClick={(event) => {
            // The row opens the same report; one opening is enough.
            event.stopPropagation();
            onOpen(row);
          }}
          aria-label={`Report of ${fullName(row)}`}
        >
          Report
        </Button>
      ),
    }),
  ];
}

const wording: ListWording = {
  caption: 'User reports (amounts in USDT)',
  noun: 'members',
  failure: loadFailure(memberReportTexts.loadFailed, memberReportTexts.loadError),
  emptyTitle: memberReportTexts.empty,
  noneMatching: 'No member matches this search and status.',
};

/** The table of reports both views draw: its columns and what a row opens. */
function reportsTable(volumeLabel: string, onOpen: (row: ReportRow) => void) {
  return { columns: reportColumns(volumeLabel, onOpen), foldBelow: 'xl' as const, onRowClick: onOpen };
}

/** The sample's reports, filtered on the page. */
export function SampleReports({
  rows,
  volumeLabel,
  filtered,
  onOpen,
}: {
  rows: ReportRow[];
  /** What the volume column holds in this view. */
  volumeLabel: string;
  /** A search or filter is active (the empty state says so). */
  filtered: boolean;
  onOpen: (row: ReportRow) => void;
}) {
  return <DataTable {...reportsTable(volumeLabel, onOpen)} {...tableWording(wording, filtered)} rows={rows} />;
}

/** The live view: a page of members' reports from the server, with its loading and error states and paging. */
export function LiveReports({
  reports,
  volumeLabel,
  filtered,
  onPageChange,
  onOpen,
}: {
  reports: UseQueryResult<MemberReports>;
  volumeLabel: string;
  filtered: boolean;
  onPageChange: (page: number) => void;
  onOpen: (row: ReportRow) => void;
}) {
  return (
    <PagedTable
      query={reports}
      page={({ reports: page, pagination }) => ({ rows: page.map(fromLiveReport), pagination })}
      wording={wording}
      filtered={filtered}
      onPageChange={onPageChange}
      {...reportsTable(volumeLabel, onOpen)}
    />
  );
}
