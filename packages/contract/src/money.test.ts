import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { decimalPlacesOf, toWireMoney, wireMoneySchema } from './money';

describe('money on the wire', () => {
  it('rounds an exact amount half up to 8 decimals without float arithmetic', () => {
    expect(toWireMoney('10.000000000000000000')).toBe(10);
    expect(toWireMoney('0.123456785')).toBe(0.12345679);
    expect(toWireMoney('0.123456784999999999')).toBe(0.12345678);
    // 0.1 + 0.2 in floats is 0.30000000000000004; as NUMERIC strings the sum is exact.
    expect(toWireMoney('0.30000000000000000')).toBe(0.3);
    expect(toWireMoney('123456789.123456789')).toBe(123456789.12345679);
  });

  it('accepts at most 8 decimals', () => {
    expect(wireMoneySchema.safeParse(4.5).success).toBe(true);
    expect(wireMoneySchema.safeParse(0.00000001).success).toBe(true);
    expect(wireMoneySchema.safeParse(0.000000001).success).toBe(false);
    expect(wireMoneySchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it('reads an amount with nothing to round as decimal.js would, whatever its digits', () => {
    let seed = 46;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const digits = (count: number) => Array.from({ length: count }, () => String(random(10))).join('');
    for (let sample = 0; sample < 5_000; sample += 1) {
      const whole = random(4) === 0 ? '0' : digits(1 + random(20));
      const fraction = digits(random(19));
      const amount = `${random(5) === 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
      const exact = new Decimal(amount).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toNumber();
      expect(Object.is(toWireMoney(amount), exact), amount).toBe(true);
    }
  });

  it('counts the decimals of a number as decimal.js does', () => {
    const numbers = [
      0,
      -0,
      1,
      4.5,
      0.1 + 0.2,
      1e-7,
      1.5e-7,
      0.00000001,
      0.000000001,
      123456789.12345679,
      1e21,
      2 ** 60,
      -3.25,
    ];
    for (let power = -12; power <= 12; power += 1) numbers.push(7.123456789 * 10 ** power);
    for (const value of numbers) expect(decimalPlacesOf(value), String(value)).toBe(new Decimal(value).decimalPlaces());
  });
});
