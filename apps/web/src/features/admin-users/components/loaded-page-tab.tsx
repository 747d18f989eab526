import { useState } from 'react';
import { FiguresNote } from '../../../components/figures-note';
import { type Paging, PagingFooter } from '../../../components/pagination';
import { SelectField, type SelectOption } from '../../../components/select-field';
import { StatCards, type Statistic } from '../../../components/stat-card';
import { type Column, DataTable } from '../../../components/table';
import { rowsWith } from '../utils/loaded-page-filters';

/**
 * A tab of the user detail over the page of records loaded with the member (spec 5): their totals,
 * a filter that narrows the page shown without asking the server again, the table, and the footer
 * that still counts every record.
 */
export function LoadedPageTab<Row extends { _id: string }>({
  statistics,
  statisticsGrid,
  filter,
  loaded: { data: records, pagination },
  noun,
  fetching,
  onPageChange,
  columns,
  emptyTitle,
  onRowClick,
  note,
}: {
  statistics: Statistic[];
  statisticsGrid?: string;
  /**
   * Chooses the rows by their `field`, from `options` that start with 'ALL' (the whole page);
   * `noneShown` is what the table says when it leaves nothing of the page.
   */
  filter: {
    label: string;
    field: keyof Row;
    options: SelectOption[];
    noneShown: string;
  };
  /** The page loaded with the member. */
  loaded: { data: Row[]; pagination: Paging };
  /** Plural, lower case: 'rewards'. */
  noun: string;
  fetching: boolean;
  onPageChange: (page: number) => void;
  columns: Column<Row>[];
  emptyTitle: string;
  onRowClick?: (row: Row) => void;
  /** The server's line on how the rows, rounded to the cent, add up to the totals above. */
  note?: string;
}) {
  const [chosen, setChosen] = useState('ALL');
  const shown = rowsWith(records, filter.field, chosen as Row[keyof Row]);
  const narrowed = shown.length < records.length;
  return (
    <div>
      <div className="space-y-4 border-slate-100 border-b p-5 sm:p-6">
        <StatCards grid={statisticsGrid} statistics={statistics} />
        <SelectField
          label={filter.label}
          options={filter.options}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          hint={`Filters the ${noun} of the page shown.`}
          className="sm:w-64"
        />
      </div>
      <DataTable
        caption={`${noun[0]?.toUpperCase()}${noun.slice(1)} of this member`}
        columns={columns}
        rows={shown}
        loading={fetching}
        onRowClick={onRowClick}
        emptyTitle={emptyTitle}
        emptyDescription={narrowed ? filter.noneShown : undefined}
      />
      {note ? <FiguresNote note={note} className="border-slate-100 border-t px-5 py-3 sm:px-6" /> : null}
      <PagingFooter
        pagination={pagination}
        shown={shown.length}
        noun={noun}
        onPageChange={onPageChange}
        disabled={fetching}
        pages="previous and next"
      />
    </div>
  );
}
