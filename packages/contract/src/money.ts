import { Decimal } from 'decimal.js';
import { z } from 'zod';

/** Decimals money carries on the wire: amounts are rounded to 8 decimals. */
export const wireMoneyDecimals = 8;

/** A plain decimal string with at most 8 significant decimals (then only zeros, as NUMERIC pads them). */
const atMostWireDecimals = /^-?\d+(?:\.\d{0,8}0*)?$/;

/**
 * The one conversion of an exact amount (a NUMERIC string or a decimal.js value) to the JSON
 * number the API answers with: rounded half up to 8 decimals, in decimal arithmetic, so no float
 * ever takes part in the sum that produced it. A string with nothing to round is read as it is:
 * the same number decimal.js would give, without building one on every answer.
 */
export function toWireMoney(amount: Decimal.Value): number {
  if (typeof amount === 'string' && atMostWireDecimals.test(amount)) return Number(amount);
  return new Decimal(amount).toDecimalPlaces(wireMoneyDecimals, Decimal.ROUND_HALF_UP).toNumber();
}

/** The decimals of a number as JavaScript writes it (`1.5e-7` has 8), as decimal.js counts them. */
export function decimalPlacesOf(value: number): number {
  const [digits = '', exponent = '0'] = String(value).split('e');
  const fraction = digits.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** An amount of money in a response: a finite number with at most 8 decimals. */
export const wireMoneySchema = z
  .number()
  .refine(
    (value) => Number.isFinite(value) && decimalPlacesOf(value) <= wireMoneyDecimals,
    `Money has at most ${wireMoneyDecimals} decimals`,
  );
