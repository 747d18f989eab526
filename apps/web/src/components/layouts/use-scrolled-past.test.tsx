import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrolledPast } from './use-scrolled-past';

function scrollWindowTo(offset: number) {
  Object.defineProperty(window, 'scrollY', { value: offset, configurable: true });
}

/** Runs the animation frames requested so far. */
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

afterEach(() => {
  scrollWindowTo(0);
  window.dispatchEvent(new Event('scroll'));
  vi.restoreAllMocks();
});

describe('useScrolledPast', () => {
  it('turns true past the threshold and back at the top, as the window scrolls', async () => {
    const { result } = renderHook(() => useScrolledPast(20));
    await nextFrame();
    expect(result.current).toBe(false);

    scrollWindowTo(10);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(result.current).toBe(false);

    scrollWindowTo(400);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(result.current).toBe(true);

    scrollWindowTo(0);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(result.current).toBe(false);
  });

  it('catches up, in the first frame, with a scroll made before it listened', async () => {
    scrollWindowTo(400);
    const { result } = renderHook(() => useScrolledPast(20));
    await nextFrame();
    expect(result.current).toBe(true);
  });

  it('never reads the scroll offset while React renders', async () => {
    const read = vi.fn(() => 0);
    Object.defineProperty(window, 'scrollY', { get: read, configurable: true });
    const { rerender } = renderHook(() => useScrolledPast(20));
    rerender();
    expect(read).not.toHaveBeenCalled();
    await nextFrame();
    expect(read).toHaveBeenCalledTimes(1);
  });
});
