import { describe, expect, it } from 'vitest';
import { restartDelayMs } from './worker-pool';

describe('the wait before a dead worker is replaced', () => {
  it('doubles with every death within the last minute, from 1 s up to 30 s', () => {
    expect([1, 2, 3, 5, 6, 50].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 16_000, 30_000, 30_000]);
  });
});
