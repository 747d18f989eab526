import { z } from 'zod';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day in UTC, `YYYY-MM-DD`, that exists; `label` names the field in its messages. */
export function daySchema(label: string) {
  return z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .regex(dayPattern, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (value) => {
        const day = new Date(`${value}T00:00:00.000Z`);
        return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
      },
      { error: `${label} must be a date that exists`, abort: true },
    );
}

export { fromAfterTo } from './day-texts';
