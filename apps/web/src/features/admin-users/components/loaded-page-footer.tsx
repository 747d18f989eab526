import { formatCount } from '@uplink/contract/format';
import { Button } from '../../../components/button';

/**
 * The paging footer of a user-detail tab: 'Showing X of N rewards' (X what the filter leaves of the
 * loaded page, N every record), Previous / Next and 'Page p of total'.
 */
export function LoadedPageFooter({
  shown,
  total,
  noun,
  currentPage,
  totalPages,
  onPageChange,
  disabled,
}: {
  shown: number;
  total: number;
  /** Plural, lower case: 'rewards'. */
  noun: string;
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-slate-100 border-t px-5 py-4 sm:flex-row sm:px-6">
      <p className="text-slate-600 text-sm">
        Showing {formatCount(shown)} of {formatCount(total)} {noun}
      </p>
      <nav aria-label={`Pages of ${noun}`} className="flex items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || currentPage <= 1}
          onClick={() => onPageChange(currentPage - 1)}
        >
          Previous
        </Button>
        <span className="text-slate-700 text-sm tabular-nums" aria-live="polite">
          Page {formatCount(currentPage)} of {formatCount(Math.max(totalPages, 1))}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || currentPage >= totalPages}
          onClick={() => onPageChange(currentPage + 1)}
        >
          Next
        </Button>
      </nav>
    </div>
  );
}
