import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { Loading } from './query-state';

export interface Column<Row> {
  /** Unique per table; also the React key of the cells. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes for both the header and the cells (alignment, width, hiding on small screens). */
  className?: string;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Names the table for screen readers. */
  caption: string;
  loading?: boolean;
  /** Shown instead of the body when there are no rows, e.g. 'No referrals yet'. */
  emptyTitle: string;
  emptyDescription?: ReactNode;
  emptyAction?: ReactNode;
  /** Makes each row open something; it is also reachable with the keyboard (Enter). */
  onRowClick?: (row: Row) => void;
}

/** A responsive table (scrolls sideways on small screens) with loading and empty states. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  loading = false,
  emptyTitle,
  emptyDescription,
  emptyAction,
  onRowClick,
}: DataTableProps<Row>) {
  if (loading && rows.length === 0) {
    return <Loading />;
  }
  if (rows.length === 0) {
    return <EmptyState title={emptyTitle} description={emptyDescription} action={emptyAction} />;
  }
  return (
    // A region that may scroll sideways must be reachable with the keyboard to scroll it.
    <section
      className="relative -mx-px overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls is focusable so the keyboard can scroll it.
      tabIndex={0}
      aria-label={caption}
    >
      <table className="w-full min-w-max border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-slate-200 border-b bg-slate-50/80">
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-4 py-3 font-semibold text-slate-600 text-xs uppercase tracking-wide first:pl-5 last:pr-5 ${column.className ?? ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-100 ${loading ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={
                onRowClick
                  ? (event) => {
                      if (event.key === 'Enter') onRowClick(row);
                    }
                  : undefined
              }
              tabIndex={onRowClick ? 0 : undefined}
              className={
                onRowClick
                  ? 'cursor-pointer transition-colors hover:bg-brand-50/50 focus-visible:bg-brand-50 focus-visible:outline-none'
                  : 'hover:bg-slate-50/60'
              }
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={`px-4 py-3.5 align-middle text-slate-700 first:pl-5 last:pr-5 ${column.className ?? ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
