/**
 * The cycle the administrator typed, or why it cannot run: a whole number from 1 to the last
 * finished cycle (the server refuses a cycle that has not ended, in the same words).
 */
export function readCycleNumber(text: string, lastFinishedCycle: number): { cycle: number } | { problem: string } {
  const value = text.trim();
  if (!/^\d{1,7}$/.test(value) || Number(value) < 1) return { problem: 'Enter a whole cycle number of at least 1' };
  const cycle = Number(value);
  if (cycle > lastFinishedCycle) {
    return { problem: `Cycle ${cycle} has not ended yet; the last finished cycle is ${lastFinishedCycle}` };
  }
  return { cycle };
}
