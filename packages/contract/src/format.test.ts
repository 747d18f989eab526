import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatConversion,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatRewardAmount,
  formatUsdt,
  shortenAddress,
  shortenAdminWallet,
} from './format';

describe('money formatting', () => {
  it('shows 2 decimals, rounded to the nearest cent by default', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(10, { unit: 'USDT' })).toBe('10.00 USDT');
    expect(formatMoney(0.005)).toBe('0.01');
  });

  it('never rounds what has arrived up, nor what is due down', () => {
    expect(formatMoney(9.99999999, { rounding: 'floor' })).toBe('9.99');
    expect(formatMoney(0.00000001, { unit: 'USDT', rounding: 'ceil' })).toBe('0.01 USDT');
    expect(formatMoney(4, { rounding: 'floor' })).toBe('4.00');
    expect(formatMoney(6, { rounding: 'ceil' })).toBe('6.00');
  });

  it('puts the dollar sign before the amount', () => {
    expect(formatMoney(1234.5, { unit: 'USD' })).toBe('$1,234.50');
    expect(formatMoney(0, { unit: 'USD' })).toBe('$0.00');
  });

  it('puts USDT after the amount', () => {
    expect(formatUsdt(1234.5)).toBe('1,234.50 USDT');
  });
});

describe('reward amounts', () => {
  it('show a reward under one cent exactly, never as 0.00 or a rounded cent', () => {
    expect(formatRewardAmount(0.0043, { unit: 'USDT' })).toBe('0.0043 USDT');
    expect(formatRewardAmount(0.00000001)).toBe('0.00000001');
    expect(formatRewardAmount(0.005)).toBe('0.005');
    expect(formatRewardAmount(0.009999)).toBe('0.009999');
  });

  it('show any other reward as money with 2 decimals', () => {
    expect(formatRewardAmount(0)).toBe('0.00');
    expect(formatRewardAmount(0.01, { unit: 'USDT' })).toBe('0.01 USDT');
    expect(formatRewardAmount(15.6056, { unit: 'USD' })).toBe('$15.61');
  });
});

describe('count formatting', () => {
  it('separates thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(2000)).toBe('2,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('names the things counted in the singular only for one', () => {
    expect(formatCount(1, ['descendant', 'descendants'])).toBe('1 descendant');
    expect(formatCount(0, ['descendant', 'descendants'])).toBe('0 descendants');
    expect(formatCount(12345, ['descendant', 'descendants'])).toBe('12,345 descendants');
  });
});

describe('address shortening', () => {
  it('keeps the first 6 and last 4 characters of a long address', () => {
    expect(shortenAddress('0x55d398326f99059fF775485246999027B3197955')).toBe('0x55d3...7955');
    expect(shortenAddress('0x1234567890')).toBe('0x1234567890');
  });
});

describe('formatCents', () => {
  it('formats exact cents of any size with separators and the unit', () => {
    expect(formatCents(0n)).toBe('0.00');
    expect(formatCents(5n, { unit: 'USDT' })).toBe('0.05 USDT');
    expect(formatCents(1_234_567n, { unit: 'USD' })).toBe('$12,345.67');
    expect(formatCents(123_456_789_012_345_678_901n)).toBe('1,234,567,890,123,456,789.01');
    expect(formatCents(-250n)).toBe('-2.50');
  });
});

describe('shortenAdminWallet', () => {
  it('keeps the first 10 and the last 6 characters of an address', () => {
    expect(shortenAdminWallet('0x55d398326f99059fF775485246999027B3197955')).toBe('0x55d39832...197955');
  });

  it('leaves an address no longer than its shortened form as it is', () => {
    expect(shortenAdminWallet('0x1234567890abcdef1')).toBe('0x1234567890abcdef1');
    expect(shortenAdminWallet('0x1234567890abcdef12')).toBe('0x12345678...cdef12');
  });
});

describe('formatConversion', () => {
  it('writes a whole percentage, "<1%" for a sliver, "—" without a step before', () => {
    expect(formatConversion(0.4)).toBe('40%');
    expect(formatConversion(1)).toBe('100%');
    expect(formatConversion(0.004)).toBe('<1%');
    expect(formatConversion(0)).toBe('0%');
    expect(formatConversion(null)).toBe('—');
  });
});

describe('dates', () => {
  /** Every month, and the hours where a 12-hour clock turns: midnight, noon and either side. */
  const moments = Array.from({ length: 12 }, (_, month) =>
    [0, 1, 11, 12, 13, 23].map((hour) => new Date(2026, month, 1 + ((month * 5) % 28), hour, (month * 7) % 60)),
  ).flat();

  it('writes a day as en-US does ("Mar 5, 2026")', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    for (const moment of moments) expect(formatDate(moment)).toBe(intl.format(moment));
    expect(formatDate(new Date(2026, 2, 5))).toBe('Mar 5, 2026');
    expect(formatDate('2026-12-31T12:00:00')).toBe('Dec 31, 2026');
  });

  it('writes a moment as en-US does ("Mar 5, 2026, 09:30 AM")', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    for (const moment of moments) expect(formatDateTime(moment)).toBe(intl.format(moment));
    expect(formatDateTime(new Date(2026, 2, 5, 0, 5))).toBe('Mar 5, 2026, 12:05 AM');
    expect(formatDateTime(new Date(2026, 2, 5, 12, 0))).toBe('Mar 5, 2026, 12:00 PM');
  });

  it('reads a missing or unreadable date as "-"', () => {
    for (const missing of [null, undefined, '', 'not a date', new Date(Number.NaN)]) {
      expect(formatDate(missing)).toBe('-');
      expect(formatDateTime(missing)).toBe('-');
    }
  });
});

describe('figures written by hand, as Intl writes them', () => {
  /** Amounts a screen meets, the halves where rounding turns, and what floats make of decimals. */
  const amounts = [
    0,
    -0,
    0.001,
    -0.001,
    0.005,
    0.3,
    0.1 + 0.2,
    1.005,
    2.675,
    9.995,
    9.999,
    10,
    99.995,
    123456789.125,
    1234567.891,
    -1234.565,
    1e15 + 0.5,
    999999.995,
    0.00999,
    5e-7,
    -5e-7,
    1e21,
    1e22,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_SAFE_INTEGER,
  ];
  // A fixed sequence of awkward amounts: cents, thousandths and full doubles, of every size.
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let draw = 0; draw < 3000; draw++) {
    const scale = 10 ** Math.floor(next() * 12 - 3);
    const raw = (next() - 0.3) * scale;
    amounts.push(raw, Math.round(raw * 100) / 100, Math.round(raw * 1000) / 1000, Math.round(raw * 200) / 200);
  }

  it('writes money in each rounding exactly as Intl.NumberFormat does', () => {
    for (const rounding of ['nearest', 'floor', 'ceil'] as const) {
      const intl = new Intl.NumberFormat('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        roundingMode: rounding === 'nearest' ? 'halfExpand' : rounding,
      });
      for (const amount of amounts)
        expect(formatMoney(amount, { rounding }), `${amount} ${rounding}`).toBe(intl.format(amount));
    }
  });

  it('writes counts exactly as Intl.NumberFormat does, numbers and bigints', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const amount of amounts) expect(formatCount(amount), String(amount)).toBe(intl.format(amount));
    for (const count of [0n, 7n, -1234n, 12345678901234567890123n]) expect(formatCount(count)).toBe(intl.format(count));
  });

  it('writes an amount in cents of any size', () => {
    expect(formatCents(-123456789012345678901n)).toBe('-1,234,567,890,123,456,789.01');
    expect(formatCents(5n)).toBe('0.05');
  });
});
