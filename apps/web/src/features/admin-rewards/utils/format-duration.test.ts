import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('the duration of a cycle run', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [999, '999 ms'],
    [1000, '1.0 s'],
    [4_249, '4.2 s'],
    [59_999, '59.9 s'],
    [60_000, '1 min 0 s'],
    [125_400, '2 min 5 s'],
  ])('%i ms reads %s', (durationMs, text) => {
    expect(formatDuration(durationMs)).toBe(text);
  });
});
