import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { errorText, type FailureWording } from '../lib/error-text';
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

/** A page of a list the API answers: its states (loading, failure with Retry, empty), the table and the paging footer. */
export function PagedTable<Data, Row>({
  query,
  failure,
  rowsIn,
  page,
  summary,
  pages,
  noun,
  onPageChange,
  ...table
}: Omit<DataTableProps<Row>, 'rows' | 'loading'> &
  PageOfAnswer<Data, Row> & {
    query: UseQueryResult<Data>;
    /** How the screen words a failed load (by default, the catalogue's texts). */
    failure?: FailureWording;
    summary?: 'count' | 'positions';
    pages?: ComponentProps<typeof PagingFooter>['pages'];
    /** Plural, lower case: 'rewards'. */
    noun?: string;
    onPageChange: (page: number) => void;
  }) {
  return (
    <QueryState query={query} inset failure={errorText(query.error, failure)}>
      {(data) => {
        const { rows, pagination } = rowsAndPagination({ rowsIn, page } as PageOfAnswer<Data, Row>, data);
        return (
          <>
            <DataTable {...table} rows={rows} loading={query.isFetching} />
            <PagingFooter
              pagination={pagination}
              shown={rows.length}
              summary={summary}
              pages={pages}
              noun={noun}
              onPageChange={onPageChange}
              disabled={query.isFetching}
            />
          </>
        );
      }}
    </QueryState>
  );
}
