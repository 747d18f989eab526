import { formatCount } from '@uplink/contract/format';
import type { AdminListPagination } from '@uplink/contract/paging';
import { Pagination } from './pagination';

/**
 * The paging footer under an admin list: 'Showing X of N withdrawals' and the page buttons;
 * nothing before the first page has loaded or when the list is empty.
 */
export function PagedListFooter({
  pagination,
  noun,
  onPageChange,
  disabled,
}: {
  pagination: AdminListPagination | undefined;
  /** Plural, lower case: 'withdrawals'. */
  noun: string;
  onPageChange: (page: number) => void;
  disabled: boolean;
}) {
  if (!pagination || pagination.totalRecords === 0) return null;
  return (
    <div className="border-slate-100 border-t px-5 py-4">
      <Pagination
        currentPage={pagination.currentPage}
        totalPages={pagination.totalPages}
        onPageChange={onPageChange}
        disabled={disabled}
        summary={`Showing ${formatCount(pagination.resultsCount)} of ${formatCount(pagination.totalRecords)} ${noun}`}
      />
    </div>
  );
}
