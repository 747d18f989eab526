import { Decimal } from 'decimal.js';
import { z } from 'zod';

/** Decimals money carries on the wire: amounts are rounded to 8 decimals. */
export const wireMoneyDecimals = 8;

/**
 * The one conversion of an exact amount (a NUMERIC string or a decimal.js value) to the JSON
 * number the API answers with: rounded half up to 8 decimals, in decimal arithmetic, so no float
 * ever takes part in the sum that produced it.
 */
export function toWireMoney(amount: Decimal.Value): number {
  return new Decimal(amount).toDecimalPlaces(wireMoneyDecimals, Decimal.ROUND_HALF_UP).toNumber();
}

/** An amount of money in a response: a finite number with at most 8 decimals. */
export const wireMoneySchema = z
  .number()
  .refine(
    (value) => Number.isFinite(value) && new Decimal(value).decimalPlaces() <= wireMoneyDecimals,
    `Money has at most ${wireMoneyDecimals} decimals`,
  );
