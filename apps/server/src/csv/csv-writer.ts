import { Decimal } from 'decimal.js';
import Papa from 'papaparse';

/**
 * The one writer of every CSV the server sends (statements and administrators' exports), with
 * the reader's library (papaparse) doing the quoting. Cells are typed by their column:
 * - text is neutralised when it begins with `=`, `+`, `-`, `@`, tab or CR (a spreadsheet would run
 *   it as a formula: a member named `=HYPERLINK("http://x","y")` exports as that text, prefixed `'`);
 * - amounts are exact plain numbers (`1234.5`, `0.0043`: no exponent, no thousands separator,
 *   never a float), so a spreadsheet sums them; money (what a member asks for or is paid) writes
 *   at least the 2 decimals of cents (`5.00`), never fewer than it has;
 * - moments are ISO 8601 in UTC; counts are integers.
 */
export type CsvCellKind = 'text' | 'amount' | 'money' | 'moment' | 'integer';

export interface CsvColumn<Row> {
  header: string;
  kind: CsvCellKind;
  value: (row: Row) => string | number | Date | null | undefined;
}

const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^-?\d+(\.\d+)?$/;

/**
 * Text a spreadsheet will show and never evaluate.
 * @rule CSV_FORMULA_NEUTRALISED
 */
export function neutralisedText(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** An exact amount as a plain number; anything that is not one is a bug, refused loudly. */
export function plainAmount(amount: string | number): string {
  const text = new Decimal(amount).toFixed();
  if (!plainNumber.test(text)) throw new Error(`Not an amount: ${String(amount)}`);
  return text;
}

/** Money as a plain number with at least its 2 decimals of cents: 5 → `5.00`, 0.125 → `0.125`. */
export function plainMoney(amount: string | number): string {
  const exact = plainAmount(amount);
  return new Decimal(exact).toFixed(Math.max(2, new Decimal(exact).decimalPlaces()));
}

/** One cell's text, written as its column's kind says. */
export function cellText(kind: CsvCellKind, value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'amount':
      return plainAmount(value instanceof Date ? Number.NaN : value);
    case 'money':
      return plainMoney(value instanceof Date ? Number.NaN : value);
    case 'moment':
      return (value instanceof Date ? value : new Date(value)).toISOString();
    case 'integer':
      return String(Math.trunc(Number(value)));
    case 'text':
      return neutralisedText(value instanceof Date ? value.toISOString() : String(value));
  }
}

const csvLineEnd = '\r\n';

/** Lines of cells already made safe: quoted where a value needs it, each ended by CRLF (RFC 4180). */
export function csvLines(cells: string[][]): string {
  if (cells.length === 0) return '';
  return Papa.unparse(cells, { newline: csvLineEnd, quotes: false, escapeFormulae: false }) + csvLineEnd;
}

export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return csvLines([columns.map((column) => neutralisedText(column.header))]);
}

export function csvRows<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return csvLines(rows.map((row) => columns.map((column) => cellText(column.kind, column.value(row)))));
}
