import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { type CsvColumn, csvHeader, csvRows, neutralisedText, plainAmount, plainMoney } from './csv-writer';

describe('the CSV writer every export uses', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
    ['Ada Lovelace', 'Ada Lovelace'],
    ['a=b', 'a=b'],
  ])('neutralises text that would run as a formula: %j', (text, written) => {
    expect(neutralisedText(text)).toBe(written);
  });

  it('writes amounts as exact plain numbers, never a formula guard or an exponent', () => {
    expect(plainAmount('0.00430000')).toBe('0.0043');
    expect(plainAmount('1e-8')).toBe('0.00000001');
    expect(plainAmount('123456789012345678.12345678')).toBe('123456789012345678.12345678');
    expect(plainAmount('-5.50')).toBe('-5.5');
    expect(() => plainAmount('=1+1')).toThrow();
  });

  it('writes money with its 2 decimals of cents, never dropping a decimal it has', () => {
    expect(plainMoney('5')).toBe('5.00');
    expect(plainMoney('10.50000000')).toBe('10.50');
    expect(plainMoney('0.125')).toBe('0.125');
    expect(() => plainMoney('=1+1')).toThrow();
  });

  it('quotes what needs quoting and reads back cell for cell', () => {
    const columns: CsvColumn<{ name: string; amount: string; at: Date }>[] = [
      { header: 'name', kind: 'text', value: (row) => row.name },
      { header: 'amount', kind: 'amount', value: (row) => row.amount },
      { header: 'at', kind: 'moment', value: (row) => row.at },
    ];
    const rows = [
      { name: 'Doe, "Jo"\nline', amount: '-1.50', at: new Date('2025-10-01T00:00:00Z') },
      { name: '=cmd|" /C calc"!A0', amount: '0.0043', at: new Date('2025-10-02T00:00:00Z') },
    ];
    const text = csvHeader(columns) + csvRows(columns, rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(Papa.parse(text.trimEnd(), { newline: '\r\n' }).data).toEqual([
      ['name', 'amount', 'at'],
      ['Doe, "Jo"\nline', '-1.5', '2025-10-01T00:00:00.000Z'],
      [`'=cmd|" /C calc"!A0`, '0.0043', '2025-10-02T00:00:00.000Z'],
    ]);
  });
});
