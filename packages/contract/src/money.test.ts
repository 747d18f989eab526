import { describe, expect, it } from 'vitest';
import { toWireMoney, wireMoneySchema } from './money';

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
});
