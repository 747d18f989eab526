import { pageButtonWindow } from '@uplink/contract/constants';
import { formatCount } from '@uplink/contract/format';
import type { ReactNode } from 'react';
import { Button } from './button';
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

interface PageControlsProps {
  currentPage: number;
  totalPages: number;
  /** Only ever a page from 1 to `totalPages` other than the current one. */
  go: (page: number) => void;
  disabled: boolean;
  noun: string;
}

/** Previous, a numbered window of up to 5 pages, next; with `ends`, first and last too. */
function NumberedPages({ currentPage, totalPages, go, disabled, ends }: PageControlsProps & { ends: boolean }) {
  if (totalPages <= 1) return null;
  const atStart = currentPage <= 1;
  const atEnd = currentPage >= totalPages;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
      {ends ? (
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
      {ends ? (
        <PageButton label="Last page" onClick={() => go(totalPages)} disabled={disabled || atEnd}>
          <ChevronsRightIcon size={16} />
        </PageButton>
      ) : null}
    </nav>
  );
}

/** Previous / Next with 'Page p of total' between them (the user detail's tabs, spec 5). */
function PreviousNext({ currentPage, totalPages, go, disabled, noun }: PageControlsProps) {
  return (
    <nav aria-label={`Pages of ${noun}`} className="flex items-center gap-3">
      <Button variant="secondary" size="sm" disabled={disabled || currentPage <= 1} onClick={() => go(currentPage - 1)}>
        Previous
      </Button>
      <span className="text-slate-700 text-sm tabular-nums" aria-live="polite">
        Page {formatCount(currentPage)} of {formatCount(Math.max(totalPages, 1))}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || currentPage >= totalPages}
        onClick={() => go(currentPage + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

const controls = {
  numbered: (props: PageControlsProps) => <NumberedPages {...props} ends={false} />,
  'numbered with ends': (props: PageControlsProps) => <NumberedPages {...props} ends />,
  'previous and next': PreviousNext,
} as const;

/** Where a page stands in its list: what every paged answer of the API says (`totalRecords` every record). */
export interface Paging {
  currentPage: number;
  totalPages: number;
  totalRecords: number;
  limit: number;
}

/**
 * The footer under every paged list: what the page shows ('Showing 10 of 42 rewards', or by
 * `positions` the rows' places, 'Showing 11-20 of 42') and the page controls; nothing while the list
 * is empty.
 */
export function PagingFooter({
  pagination: { currentPage, totalPages, totalRecords, limit },
  shown,
  summary = 'count',
  noun,
  onPageChange,
  disabled = false,
  pages = 'numbered',
}: {
  pagination: Paging;
  /** The rows this page shows. */
  shown: number;
  summary?: 'count' | 'positions';
  /** Plural, lower case: 'rewards'. */
  noun?: string;
  onPageChange: (page: number) => void;
  disabled?: boolean;
  pages?: keyof typeof controls;
}) {
  if (totalRecords === 0) return null;
  const first = (currentPage - 1) * limit + 1;
  const showing = summary === 'count' ? formatCount(shown) : `${formatCount(first)}-${formatCount(first + shown - 1)}`;
  const go = (page: number) => {
    if (page !== currentPage && page >= 1 && page <= totalPages) onPageChange(page);
  };
  const Controls = controls[pages];
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-slate-100 border-t px-5 py-4 sm:flex-row">
      <p className="text-slate-600 text-sm">{`Showing ${showing} of ${formatCount(totalRecords)}${noun ? ` ${noun}` : ''}`}</p>
      <Controls
        currentPage={currentPage}
        totalPages={totalPages}
        go={go}
        disabled={disabled}
        noun={noun ?? 'results'}
      />
    </div>
  );
}
