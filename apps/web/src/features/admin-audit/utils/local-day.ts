/** `YYYY-MM-DD` as a local calendar day (a date input's value), or null when it is not one. */
function localDay(day: string, hours: [number, number, number, number]): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), ...hours);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The first moment of a local calendar day, as the ISO date-time the API takes. */
export function localDayStart(day: string): string | undefined {
  return localDay(day, [0, 0, 0, 0])?.toISOString();
}

/** The last moment (millisecond) of a local calendar day, as the ISO date-time the API takes. */
export function localDayEnd(day: string): string | undefined {
  return localDay(day, [23, 59, 59, 999])?.toISOString();
}

/** Whether two date inputs' days make a range that ends before it starts (ISO days compare as text). */
export function isReversedRange(from: string, to: string): boolean {
  return from !== '' && to !== '' && from > to;
}
