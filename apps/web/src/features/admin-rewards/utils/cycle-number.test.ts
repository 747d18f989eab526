import { describe, expect, it } from 'vitest';
import { readCycleNumber } from './cycle-number';

describe('the cycle number of a run', () => {
  it.each([
    ['12', 12],
    [' 3 ', 3],
    ['1', 1],
    ['007', 7],
  ])('reads %j as cycle %i', (text, cycle) => {
    expect(readCycleNumber(text, 12)).toEqual({ cycle });
  });

  it.each([[''], ['0'], ['-1'], ['1.5'], ['1e2'], ['abc'], ['99999999']])('refuses %j', (text) => {
    expect(readCycleNumber(text, 12)).toEqual({ problem: 'Enter a whole cycle number of at least 1' });
  });

  it('refuses a cycle that has not ended', () => {
    expect(readCycleNumber('13', 12)).toEqual({
      problem: 'Cycle 13 has not ended yet; the last finished cycle is 12',
    });
  });
});
