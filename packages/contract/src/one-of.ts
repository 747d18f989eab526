import { z } from 'zod';

/** A request field that is one of `values`, refused with `${label} must be one of A, B, C` otherwise. */
export const oneOfSchema = <const Values extends readonly [string, ...string[]]>(label: string, values: Values) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });
