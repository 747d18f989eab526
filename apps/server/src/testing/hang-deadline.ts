/**
 * How long a concurrency test lets one request or statement take before calling it hung. It is
 * far above any real answer time, even on a loaded 2-core machine: it catches a hang, it is not a
 * speed limit.
 */
export const hangDeadlineMs = 90_000;

/** `work`, or a rejection naming `what` when it has not settled by the hang deadline. */
export function settlesBeforeHang<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${hangDeadlineMs} ms (hung)`)), hangDeadlineMs);
  });
  return Promise.race([work, hang]).finally(() => clearTimeout(timer));
}
