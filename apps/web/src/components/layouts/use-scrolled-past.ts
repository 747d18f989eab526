import { useCallback, useSyncExternalStore } from 'react';

/**
 * The window's scroll offset as last read: in a scroll event, or in the first animation frame
 * after a screen starts listening (a scroll made while nobody listened, a browser restoring the
 * visitor's position). Never read during a render or a commit: reading `scrollY` there makes the
 * browser lay out the page React is still building, inside React's own task.
 */
let lastScrollY = 0;

function subscribeToScroll(onChange: () => void): () => void {
  const read = () => {
    lastScrollY = window.scrollY;
    onChange();
  };
  window.addEventListener('scroll', read, { passive: true });
  const firstFrame = requestAnimationFrame(read);
  return () => {
    cancelAnimationFrame(firstFrame);
    window.removeEventListener('scroll', read);
  };
}

/**
 * True once the window has scrolled more than `threshold` pixels. A page hydrated over its
 * prerendered HTML (the landing page) first renders as that HTML was, at the top, and then as
 * the window is: a browser that restored the visitor's scroll does not keep the top's look.
 */
export function useScrolledPast(threshold: number): boolean {
  const scrolledNow = useCallback(() => lastScrollY > threshold, [threshold]);
  return useSyncExternalStore(subscribeToScroll, scrolledNow, () => false);
}
