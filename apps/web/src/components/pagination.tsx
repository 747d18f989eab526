import { pageButtonWindow } from '@uplink/contract/constants';
import type { ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from './icons';

/**
 * The page numbers to offer: at most `size` consecutive pages, the current one centred where
 * the ends allow (page 1 of 20 → 1..5, page 10 → 8..12, page 20 → 16..20).
 */
export function pageWindow(currentPage: number, totalPages: number, size: number = pageButtonWindow): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(size, totalPages);
  const current = Math.min(Math.max(1, currentPage), totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Adds the first and last page buttons (rewards history). */
  showEdges?: boolean;
  /** A line at the left, e.g. "Showing 1-10 of 42". */
  summary?: ReactNode;
  disabled?: boolean;
}

function PageButton({
  label,
  onClick,
  disabled,
  current = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  current?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      disabled={disabled}
      onClick={onClick}
      className={[
        'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 font-semibold text-sm tabular-nums transition-colors',
        'focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2',
        current
          ? 'bg-brand-700 text-white shadow-sm'
          : 'text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent',
      ].join(' ')}
    >
      {children}
    </button>
  );
}

/** Previous, a numbered window of up to 5 pages, next; optionally first and last. */
export function Pagination({
  currentPage,
  totalPages,
  onPageChange,
  showEdges = false,
  summary,
  disabled = false,
}: PaginationProps) {
  if (totalPages <= 1 && !summary) return null;
  const atStart = currentPage <= 1;
  const atEnd = currentPage >= totalPages;
  const go = (page: number) => {
    if (page !== currentPage && page >= 1 && page <= totalPages) onPageChange(page);
  };
  return (
    <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <div className="text-slate-600 text-sm">{summary}</div>
      {totalPages > 1 ? (
        <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
          {showEdges ? (
            <PageButton label="First page" onClick={() => go(1)} disabled={disabled || atStart}>
              <ChevronsLeftIcon size={16} />
            </PageButton>
          ) : null}
          <PageButton label="Previous page" onClick={() => go(currentPage - 1)} disabled={disabled || atStart}>
            <ChevronLeftIcon size={16} />
          </PageButton>
          {pageWindow(currentPage, totalPages).map((page) => (
            <PageButton
              key={page}
              label={`Page ${page}`}
              current={page === currentPage}
              disabled={disabled}
              onClick={() => go(page)}
            >
              {page}
            </PageButton>
          ))}
          <PageButton label="Next page" onClick={() => go(currentPage + 1)} disabled={disabled || atEnd}>
            <ChevronRightIcon size={16} />
          </PageButton>
          {showEdges ? (
            <PageButton label="Last page" onClick={() => go(totalPages)} disabled={disabled || atEnd}>
              <ChevronsRightIcon size={16} />
            </PageButton>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
