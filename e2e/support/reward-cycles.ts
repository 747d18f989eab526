const weekMs = 7 * 86_400_000;
/** The server's default calendar: weekly cycles from Monday 2026-01-05. */
const firstCycleStart = Date.parse('2026-01-05T00:00:00Z');

/** The newest finished reward cycle; each spec runs cycles of its own some weeks before it. */
export const lastFinishedCycle = Math.floor((Date.now() - firstCycleStart) / weekMs);
