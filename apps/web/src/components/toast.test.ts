import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastTimer, type ToastMessage } from './toast';

/** A timer whose every change is recorded; `shown()` is what the screen shows now. */
function recordedTimer(durationMs?: number) {
  const changes: (ToastMessage | null)[] = [];
  const timer = createToastTimer((toast) => changes.push(toast), durationMs);
  return { timer, changes, shown: () => changes.at(-1) ?? null };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the toast timer', () => {
  it('shows a message for 5 seconds, then hides it', () => {
    const { timer, shown } = recordedTimer();
    timer.show('User status updated to LOCKED successfully!');
    expect(shown()).toMatchObject({ text: 'User status updated to LOCKED successfully!', tone: 'success' });
    vi.advanceTimersByTime(4999);
    expect(shown()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(shown()).toBeNull();
  });

  it('gives a message that replaces another its own full duration', () => {
    const { timer, shown } = recordedTimer();
    timer.show('first');
    vi.advanceTimersByTime(4000);
    timer.show('Failed to update user status', 'error');
    vi.advanceTimersByTime(4000);
    expect(shown()).toMatchObject({ text: 'Failed to update user status', tone: 'error' });
    vi.advanceTimersByTime(1000);
    expect(shown()).toBeNull();
  });

  it('gives the same text shown twice a new id, so it is announced again', () => {
    const { timer, changes } = recordedTimer();
    timer.show('same');
    timer.show('same');
    const [first, second] = changes;
    expect(first?.id).not.toBe(second?.id);
  });

  it('hides at once on dismiss and does not hide again later', () => {
    const { timer, changes } = recordedTimer();
    timer.show('hello');
    timer.dismiss();
    expect(changes.at(-1)).toBeNull();
    const count = changes.length;
    vi.advanceTimersByTime(10_000);
    expect(changes).toHaveLength(count);
  });

  it('forgets the pending hide on stop, leaving the message as it is', () => {
    const { timer, changes } = recordedTimer(1000);
    timer.show('hello');
    timer.stop();
    vi.advanceTimersByTime(5000);
    expect(changes).toEqual([{ id: 1, text: 'hello', tone: 'success' }]);
  });
});
