import { type RefObject, useLayoutEffect, useState } from 'react';

export interface BoxWidth {
  /** The element's width in CSS pixels; 0 until measured (and where nothing lays out, as in screen tests). */
  width: number;
  /** Its content is wider than it is, so it scrolls sideways. */
  overflowing: boolean;
}

/**
 * The width of an element and whether its content overflows it sideways, measured before the
 * browser paints and again whenever the element or its first child changes size.
 */
export function useBoxWidth(ref: RefObject<HTMLElement | null>): BoxWidth {
  const [box, setBox] = useState<BoxWidth>({ width: 0, overflowing: false });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = Math.round(element.getBoundingClientRect().width);
      // A pixel of rounding is not a scroll.
      const overflowing = element.scrollWidth > element.clientWidth + 1;
      setBox((current) =>
        current.width === width && current.overflowing === overflowing ? current : { width, overflowing },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return box;
}
