const weekMs = 7 * 86_400_000;
/** The server's default calendar: weekly cycles from Monday 2026-01-05. */
const firstCycleStart = Date.parse('2026-01-05T00:00:00Z');

/**
 * The newest finished reward cycle when the run began (playwright.config.ts sets the moment once for
 * the runner and its workers); each spec runs cycles of its own some weeks before it. Counted from
 * each spec's own start, a run crossing Monday 00:00 UTC gave two specs the same cycle.
 */
export const lastFinishedCycle = Math.floor(
  (Number(process.env.E2E_RUN_STARTED_AT ?? Date.now()) - firstCycleStart) / weekMs,
);
