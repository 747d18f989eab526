import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { type Paging, PagingFooter } from './pagination';
import { QueryState } from './query-state';
import { DataTable, type DataTableProps } from './table';

/**
 * A page of a list the API answers: its states (loading, failure with Retry, empty), the table and
 * the paging footer. `page` picks the rows and the pagination out of the answer.
 */
export function PagedTable<Data, Row>({
  query,
  failure,
  page,
  summary,
  pages,
  noun,
  onPageChange,
  ...table
}: Omit<DataTableProps<Row>, 'rows' | 'loading'> & {
  query: UseQueryResult<Data>;
  /** The failure's title, worded by the screen. */
  failure: string;
  page: (data: Data) => { rows: Row[]; pagination: Paging };
  summary?: 'count' | 'positions';
  pages?: ComponentProps<typeof PagingFooter>['pages'];
  /** Plural, lower case: 'rewards'. */
  noun?: string;
  onPageChange: (page: number) => void;
}) {
  return (
    <QueryState query={query} inset failure={failure}>
      {(data) => {
        const { rows, pagination } = page(data);
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
