import { z } from 'zod';

/**
 * An integer in a JSON body: a JSON number with no fraction, nothing else. `z.coerce.number()`
 * would take `true`, `"0x10"`, `"1e1"`, `"0b11"` and `[5]` as 1, 16, 10, 3 and 5 — on a route
 * that distributes money once and for good, a typo must be refused, not reinterpreted.
 */
export const bodyInteger = (name: string) =>
  z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`);

/** Decimal digits (an optional minus so a range check can say what is wrong), nothing more. */
const decimalDigits = /^-?\d{1,16}$/;

/**
 * An integer in a query string: decimal digits only, or a JS number from a typed client (the web
 * passes its query objects through the same schema). Booleans, hex, binary, exponents, blanks and
 * repeated parameters (arrays) reach `integer` unconverted and are refused by it.
 */
export const queryInteger = <Integer extends z.ZodNumber>(integer: Integer) =>
  z.preprocess((value) => (typeof value === 'string' && decimalDigits.test(value) ? Number(value) : value), integer);
