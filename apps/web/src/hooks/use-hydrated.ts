import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true once the page
 * renders in the browser: what only the browser knows (its storage) is read after hydration, so
 * the first render matches the HTML it takes over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
