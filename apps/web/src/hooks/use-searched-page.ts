import { searchDebounceMs } from '@uplink/contract/constants';
import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The page of a list with typed filters (search boxes) and chosen ones (selects, dates). Typed
 * filters are settled, trimmed, once typing pauses, so the server is asked once per pause; a new
 * settled value or another choice goes back to page 1.
 */
export function useSearchedPage<Typed extends Record<string, string>>(
  typed: Typed,
  chosen: Record<string, unknown> = {},
): { settled: Typed; page: number; setPage: (page: number) => void } {
  const typedKey = JSON.stringify(Object.fromEntries(Object.entries(typed).map(([key, text]) => [key, text.trim()])));
  const settledKey = useDebouncedValue(typedKey, searchDebounceMs);
  const filtersKey = JSON.stringify([settledKey, chosen]);
  const [page, setPage] = useState(1);
  const [pagedKey, setPagedKey] = useState(filtersKey);
  if (pagedKey !== filtersKey) {
    setPagedKey(filtersKey);
    setPage(1);
  }
  return { settled: JSON.parse(settledKey) as Typed, page, setPage };
}
