/** How long a cycle run took: "850 ms", "4.2 s", "2 min 5 s". */
export function formatDuration(durationMs: number): string {
  if (durationMs < 1000) return `${Math.round(durationMs)} ms`;
  if (durationMs < 60_000) return `${(Math.floor(durationMs / 100) / 10).toFixed(1)} s`;
  const seconds = Math.floor(durationMs / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
