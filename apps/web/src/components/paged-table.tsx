import type { ComponentProps, ReactNode } from 'react';
import { errorText, type FailureWording } from '../lib/error-text';
import type { UseQueryResult } from '../lib/query';
import { type Paging, PagingFooter } from './pagination';
import { QueryState } from './query-state';
import { DataTable, type DataTableProps } from './table';

/** The fields of an answer with a `pagination` that hold a list of the rows. */
type RowsField<Data, Row> = Data extends { pagination: Paging }
  ? { [Field in keyof Data]: Data[Field] extends Row[] ? Field : never }[keyof Data]
  : never;

/**
 * Where the rows are in the answer: in `rowsIn`, the field beside its `pagination`; or where `page`
 * picks them and the pagination out of an answer that needs more.
 */
type PageOfAnswer<Data, Row> =
  | { rowsIn: RowsField<Data, Row>; page?: never }
  | { rowsIn?: never; page: (data: Data) => { rows: Row[]; pagination: Paging } };

function rowsAndPagination<Data, Row>({ rowsIn, page }: PageOfAnswer<Data, Row>, data: Data) {
  if (page) return page(data);
  const answer = data as Data & { pagination: Paging };
  return { rows: answer[rowsIn as keyof Data] as Row[], pagination: answer.pagination };
}

/**
 * A list's words, declared once beside its columns: the caption that names its table, the noun its
 * footer counts, how a failed load reads, and its empty state, which says what appears in the list
 * or, while a search or filter is active, that nothing matches.
 */
export interface ListWording {
  /** Names the table for screen readers. */
  caption: string;
  /** Plural, lower case: 'rewards'. */
  noun?: string;
  /** How the screen words a failed load (by default, the catalogue's texts). */
  failure?: FailureWording;
  /** The empty state's title, e.g. 'No referrals yet'. */
  emptyTitle: string;
  /** The line under it when nothing narrows the list: what appears here. */
  emptyDescription?: ReactNode;
  /** The title instead while a search or filter is active (default: `emptyTitle`). */
  noneMatchingTitle?: string;
  /** The line instead while a search or filter is active: that nothing matches it. */
  noneMatching?: ReactNode;
}

/** The table's words in a wording: its caption and its empty state, that nothing matches when `filtered`. */
export function tableWording(wording: ListWording, filtered: boolean) {
  return {
    caption: wording.caption,
    emptyTitle: (filtered ? wording.noneMatchingTitle : undefined) ?? wording.emptyTitle,
    emptyDescription: filtered ? wording.noneMatching : wording.emptyDescription,
  };
}

/** A page of a list the API answers: its states (loading, failure with Retry, empty), the table and the paging footer. */
export function PagedTable<Data, Row>({
  query,
  wording,
  filtered = false,
  rowsIn,
  page,
  summary,
  pages,
  onPageChange,
  ...table
}: Omit<DataTableProps<Row>, 'rows' | 'loading' | 'caption' | 'emptyTitle' | 'emptyDescription'> &
  PageOfAnswer<Data, Row> & {
    query: UseQueryResult<Data>;
    wording: ListWording;
    /** A search or filter narrows the list (the empty state says that nothing matches). */
    filtered?: boolean;
    summary?: 'count' | 'positions';
    pages?: ComponentProps<typeof PagingFooter>['pages'];
    onPageChange: (page: number) => void;
  }) {
  return (
    <QueryState query={query} inset failure={errorText(query.error, wording.failure)}>
      {(data) => {
        const { rows, pagination } = rowsAndPagination({ rowsIn, page } as PageOfAnswer<Data, Row>, data);
        return (
          <>
            <DataTable {...table} {...tableWording(wording, filtered)} rows={rows} loading={query.isFetching} />
            <PagingFooter
              pagination={pagination}
              shown={rows.length}
              summary={summary}
              pages={pages}
              noun={wording.noun}
              onPageChange={onPageChange}
              disabled={query.isFetching}
            />
          </>
        );
      }}
    </QueryState>
  );
}
