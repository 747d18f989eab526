import { Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useBoxWidth } from '../hooks/use-box-width';
import { EmptyState } from './empty-state';
import { ChevronDownIcon } from './icons';
import { Loading } from './query-state';

export interface Column<Row> {
  /** Unique per table; also the React key of the cells. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes for both the header and the cells (alignment, width). */
  className?: string;
  /** The cell's label on a card or in a row's details when the header is not plain text ('' for none). */
  label?: string;
  /**
   * 'low': what a row can do without at first sight. When the table is narrower than its
   * `foldBelow`, these cells fold behind the row's 'More' button.
   */
  priority?: 'low';
  /**
   * Where the cell sits on a card, the layout of a narrow table: the title line, the status beside
   * it, or the actions at its foot. Any other cell is a labelled line.
   */
  card?: 'title' | 'status' | 'action';
}

/**
 * The column of a row's buttons: its header for screen readers only ('Action' over one button,
 * 'Actions' over several), its cell at the foot of a card.
 */
export function actionColumn<Row>({
  header,
  ...column
}: Pick<Column<Row>, 'key' | 'cell' | 'className'> & { header: 'Action' | 'Actions' }): Column<Row> {
  return { ...column, header: <span className="sr-only">{header}</span>, card: 'action' };
}

/**
 * Makes the columns of one kind of cell (a date, an amount): each column says which of the row's
 * values its cells show; `shared` holds what all of them have in common (their alignment).
 */
export function columnsShowing<Value>(
  cell: (value: Value) => ReactNode,
  shared: Pick<Column<unknown>, 'className'> = {},
) {
  return <Row,>({
    value,
    ...column
  }: Pick<Column<Row>, 'key' | 'header' | 'className' | 'priority'> & { value: (row: Row) => Value }): Column<Row> => ({
    ...shared,
    ...column,
    cell: (row) => cell(value(row)),
  });
}

/** Widths (CSS pixels of the table's box) below which the low-priority columns fold. */
const foldWidths = { md: 768, lg: 1024, xl: 1280 } as const;
export type FoldBelow = keyof typeof foldWidths;

/** Below this width of its box, a table draws each row as a card. */
const cardsBelow = 480;

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  /** What tells the rows apart (default: their `_id`, which most rows the API answers have). */
  rowKey?: (row: Row) => string;
  /** Names the table for screen readers. */
  caption: string;
  loading?: boolean;
  /** Shown instead of the body when there are no rows, e.g. 'No referrals yet'. */
  emptyTitle: string;
  emptyDescription?: ReactNode;
  emptyAction?: ReactNode;
  /** Makes each row open something; it is also reachable with the keyboard (Enter). */
  onRowClick?: (row: Row) => void;
  /** Below this width the low-priority columns fold behind each row's 'More' (default lg). */
  foldBelow?: FoldBelow;
}

/**
 * A table with loading and empty states that fits its box: below 480 px each row is a card with
 * its title and status on top and its actions at the foot; below `foldBelow` the low-priority
 * columns fold behind a 'More' button per row; a table that still scrolls sideways says so.
 */
export function DataTable<Row>({
  loading = false,
  emptyTitle,
  emptyDescription,
  emptyAction,
  ...table
}: DataTableProps<Row>) {
  if (loading && table.rows.length === 0) {
    return <Loading />;
  }
  if (table.rows.length === 0) {
    return <EmptyState title={emptyTitle} description={emptyDescription} action={emptyAction} />;
  }
  return <RowsTable {...table} loading={loading} />;
}

const cardCellClasses: Record<NonNullable<Column<unknown>['card']> | 'line', string> = {
  title: 'order-first col-start-1 row-start-1 min-w-0 font-medium',
  status: 'col-start-2 row-start-1 justify-self-end text-right',
  line: 'col-span-2 flex items-start justify-between gap-4 text-right',
  action: 'order-last col-start-1 pt-1 [&>div]:justify-start',
};
/** The 'More' button of a card: at its foot, beside the actions. */
const cardMoreClasses = 'order-last col-start-2 self-end justify-self-end pt-1';

/** The words that name a column beside a value: its label, or its header when that is text. */
function labelOf(column: Column<unknown>): string {
  if (column.label !== undefined) return column.label;
  return typeof column.header === 'string' ? column.header : '';
}

const idOf = (row: unknown) => (row as { _id: string })._id;

function RowsTable<Row>({
  columns,
  rows,
  rowKey = idOf,
  caption,
  loading,
  onRowClick,
  foldBelow = 'lg',
}: Omit<DataTableProps<Row>, 'emptyTitle' | 'emptyDescription' | 'emptyAction'> & { loading: boolean }) {
  const boxRef = useRef<HTMLElement>(null);
  const { width, overflowing } = useBoxWidth(boxRef);
  const detailsId = useId();
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  // Unmeasured (0), as where nothing lays out, the table shows every column.
  const cards = width > 0 && width < cardsBelow;
  const folded = width > 0 && width < foldWidths[foldBelow] && columns.some((column) => column.priority === 'low');
  const shown = folded ? columns.filter((column) => column.priority !== 'low') : columns;
  const foldedColumns = folded ? columns.filter((column) => column.priority === 'low') : [];
  const columnCount = shown.length + (folded ? 1 : 0);

  // New rows (a status changed, another page) start from the table's left edge, badges whole.
  useEffect(() => {
    if (rows && boxRef.current) boxRef.current.scrollLeft = 0;
  }, [rows]);

  const toggle = (key: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  // Rows drawn as cards are no longer laid out as a table: explicit roles keep them one for screen readers.
  const role = (name: 'table' | 'row' | 'columnheader' | 'cell') => (cards ? name : undefined);
  const cellClass = (column: Column<Row>) =>
    cards
      ? `block p-0 ${cardCellClasses[column.card ?? 'line']}`
      : `px-4 py-3.5 align-middle first:pl-5 last:pr-5 ${column.className ?? ''}`;

  return (
    <div>
      {overflowing ? (
        <p className="flex items-center justify-end gap-1 px-5 pt-2 text-slate-500 text-xs">
          Scroll sideways to see every column <span aria-hidden="true">→</span>
        </p>
      ) : null}
      <section
        ref={boxRef}
        className="relative -mx-px overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
        // A region that scrolls is focusable, so the keyboard can scroll it.
        tabIndex={overflowing ? 0 : undefined}
        aria-label={caption}
      >
        <table role={role('table')} className={`w-full border-collapse text-left text-sm ${cards ? 'block' : ''}`}>
          <caption className="sr-only">{caption}</caption>
          <thead className={cards ? 'sr-only' : undefined}>
            <tr role={role('row')} className="border-slate-200 border-b bg-slate-50/80">
              {shown.map((column) => (
                <th
                  key={column.key}
                  role={role('columnheader')}
                  scope="col"
                  className={`px-4 py-3 font-semibold text-slate-600 text-xs uppercase tracking-wide first:pl-5 last:pr-5 ${column.className ?? ''}`}
                >
                  {column.header}
                </th>
              ))}
              {folded ? (
                <th role={role('columnheader')} scope="col" className="px-4 py-3 last:pr-5">
                  <span className="sr-only">More details</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody
            className={`${cards ? 'block' : ''} divide-y divide-slate-100 ${loading ? 'opacity-60' : ''}`}
            aria-busy={loading || undefined}
          >
            {rows.map((row) => {
              const key = rowKey(row);
              const open = folded && opened.has(key);
              const rowDetailsId = `${detailsId}-${key}`;
              return (
                <Fragment key={key}>
                  <tr
                    role={role('row')}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={
                      onRowClick
                        ? (event) => {
                            if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
                          }
                        : undefined
                    }
                    tabIndex={onRowClick ? 0 : undefined}
                    className={`${open ? 'border-b-0' : ''} ${cards ? 'grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1.5 px-5 py-4' : ''} ${
                      onRowClick
                        ? 'cursor-pointer transition-colors hover:bg-brand-50/50 focus-visible:bg-brand-50 focus-visible:outline-none'
                        : 'hover:bg-slate-50/60'
                    }`}
                  >
                    {shown.map((column) => {
                      const label = cards && !column.card ? labelOf(column as Column<unknown>) : '';
                      return (
                        <td key={column.key} role={role('cell')} className={`text-slate-700 ${cellClass(column)}`}>
                          {label ? (
                            <span className="shrink-0 pt-0.5 text-left font-semibold text-slate-500 text-xs uppercase tracking-wide">
                              {label}
                            </span>
                          ) : null}
                          {cards && !column.card ? <div className="min-w-0">{column.cell(row)}</div> : column.cell(row)}
                        </td>
                      );
                    })}
                    {folded ? (
                      <td
                        role={role('cell')}
                        className={cards ? `block ${cardMoreClasses}` : 'px-4 py-3.5 text-right align-middle last:pr-5'}
                      >
                        <button
                          type="button"
                          aria-expanded={open}
                          // The details row exists only while it is open.
                          aria-controls={open ? rowDetailsId : undefined}
                          onClick={(event) => {
                            // The row may open something itself; this only unfolds it.
                            event.stopPropagation();
                            toggle(key);
                          }}
                          className="inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1 font-semibold text-brand-700 text-xs hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                        >
                          {open ? 'Less' : 'More'}
                          <ChevronDownIcon size={14} className={open ? 'rotate-180' : ''} />
                        </button>
                      </td>
                    ) : null}
                  </tr>
                  {open ? (
                    <tr role={role('row')} id={rowDetailsId} className={cards ? 'block' : undefined}>
                      <td role={role('cell')} colSpan={columnCount} className={cards ? 'block px-5 pb-4' : 'px-5 pb-4'}>
                        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 rounded-lg bg-slate-50 px-4 py-3 text-sm">
                          {foldedColumns.map((column) => (
                            <Fragment key={column.key}>
                              <dt className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
                                {labelOf(column as Column<unknown>)}
                              </dt>
                              <dd className="min-w-0 text-slate-700">{column.cell(row)}</dd>
                            </Fragment>
                          ))}
                        </dl>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}
