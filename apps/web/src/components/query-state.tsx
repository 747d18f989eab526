import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** A section waiting for what it shows: the spinner and what is loading. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-14 text-slate-600 text-sm" role="status">
      <Spinner /> {label}
    </div>
  );
}

/** What failed to load, its details when there are any, and 'Retry'. */
export function LoadError({ title, children, onRetry }: { title: string; children?: ReactNode; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      {children}
      <Button variant="secondary" size="sm" className={children ? 'mt-3' : 'mt-1'} onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

/** What `QueryState` reads of a query (`useQuery`). */
interface QueryLike<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The states every loaded section goes through: `pending` (a spinner unless the section draws its
 * own placeholder) until the first answer, the failure with Retry, then the section itself. A
 * failed reload keeps what was loaded under the failure. A list's empty state is its table's
 * (`PagedTable`).
 */
export function QueryState<Data>({
  query,
  failure,
  failureDetails,
  inset = false,
  loadingLabel,
  pending,
  children,
}: {
  query: QueryLike<Data>;
  /** The failure's title, worded by the screen (`errorText`). */
  failure: string;
  failureDetails?: ReactNode;
  /** Inside a card: the failure keeps the card's padding. */
  inset?: boolean;
  loadingLabel?: string;
  /** Drawn instead of the spinner until the first answer (stat cards show placeholder bars). */
  pending?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  const failed = query.isError ? (
    <div className={inset ? 'p-5' : undefined}>
      <LoadError title={failure} onRetry={() => query.refetch()}>
        {failureDetails}
      </LoadError>
    </div>
  ) : null;
  if (query.data === undefined) {
    if (failed) return failed;
    return query.isPending ? (pending ?? <Loading label={loadingLabel} />) : null;
  }
  return (
    <>
      {failed}
      {children(query.data)}
    </>
  );
}
