import { useCallback, useSyncExternalStore } from 'react';

function subscribeToScroll(onScroll: () => void): () => void {
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

/**
 * True once the window has scrolled more than `threshold` pixels. A page hydrated over its
 * prerendered HTML (the landing page) first renders as that HTML was, at the top, and then as
 * the window is: a browser that restored the visitor's scroll does not keep the top's look.
 */
export function useScrolledPast(threshold: number): boolean {
  const scrolledNow = useCallback(() => window.scrollY > threshold, [threshold]);
  return useSyncExternalStore(subscribeToScroll, scrolledNow, () => false);
}
