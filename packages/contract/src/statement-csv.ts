import Papa from 'papaparse';
import { type StatementEntry, statementEntrySchema, statementMaxLines } from './reward-runs';

/**
 * The one reader of an uploaded reward statement (`bingXUID,masterAmount` per line), used by the
 * web upload and by `npm run rewards:cycle -- --file`, so the same file gives the same entries and
 * the same refused lines on both. CSV itself is read by papaparse (quoted fields, `""` escapes);
 * this module adds the statement's rules.
 */

/** What is wrong with an uploaded statement; `line` is 1-based, absent for the file as a whole. */
export interface StatementProblem {
  line?: number;
  message: string;
}

export interface ParsedStatement {
  entries: StatementEntry[];
  /** The first line named the columns and was skipped. */
  headerSkipped: boolean;
  /** The first `problemsKept` problems. */
  problems: StatementProblem[];
  /** All of them. */
  problemCount: number;
}

export interface StatementLimits {
  maxEntries: number;
  /** A file of a million bad lines need not keep a million messages: the first ones tell what to fix. */
  problemsKept: number;
}

export const statementLimits: StatementLimits = { maxEntries: statementMaxLines, problemsKept: 100 };

/**
 * The largest statement file read at all: 2,000,000 lines of a 20-digit UID and an amount with
 * 8 decimals fit; a larger file is refused before it is read into memory.
 */
export const statementMaxBytes = 128 * 1024 * 1024;

type Column = 'bingXUID' | 'masterAmount';

/** Header names people write for the two columns, compared without case, spaces or punctuation. */
const columnNames: Record<string, Column> = {
  bingxuid: 'bingXUID',
  uid: 'bingXUID',
  masteramount: 'masterAmount',
  amount: 'masterAmount',
};

/** A header names columns: none of its cells has a digit (`bingXUID,masterAmount`, `UID;Amount`). */
const isHeader = (cells: string[]) => cells.every((cell) => !/\d/.test(cell));

/**
 * Lines of the common shape, certainly valid under `statementEntrySchema` (at most 20 integer digits
 * stay below its 1e20 ceiling): checked by two regular expressions instead of the schema, which
 * takes seconds over a million lines. Anything else goes through the schema and its messages.
 */
const plainUid = /^\d{6,20}$/;
const plainAmount = /^\d{1,20}(\.\d{1,8})?$/;
const thousandsGrouped = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

type Delimiter = ',' | ';';

/**
 * `;` when the first line with content has one outside double quotes (a spreadsheet set to a
 * European locale), `,` otherwise. Decided here rather than by papaparse's guess, which cannot tell
 * `123456;1,5` from `123456,1;5`.
 */
function delimiterOf(text: string): Delimiter {
  let quoted = false;
  let lineHasContent = false;
  // A first line longer than this is no statement line: any delimiter gives the same refusal.
  for (const char of text.slice(0, 65_536)) {
    if (char === '"') quoted = !quoted;
    if (quoted) continue;
    if (char === ';') return ';';
    if (char === '\n' && lineHasContent) return ',';
    if (char.trim() !== '') lineHasContent = true;
  }
  return ',';
}

/**
 * The amount as the schema reads it: thousands separators (`1,234.50`, quoted in a comma file)
 * dropped. A comma that cannot be one (`1,5`, or `1,234` in a `;` file where it may be a decimal
 * comma) is refused rather than guessed: a wrong guess pays a thousand times too much or too little.
 */
function amountText(cell: string, delimiter: Delimiter): { amount: string } | { problem: string } {
  if (!cell.includes(',')) return { amount: cell };
  if (thousandsGrouped.test(cell) && (delimiter === ',' || cell.includes('.'))) {
    return { amount: cell.replaceAll(',', '') };
  }
  return {
    problem: `masterAmount ${cell} has a comma that is not a thousands separator: write decimals with a point (1234.50)`,
  };
}

/** The line's entry as the file writes it (the server reads the amount exactly), or what is wrong with it. */
function toEntry(
  uid: string,
  amountCell: string,
  delimiter: Delimiter,
): { entry: StatementEntry } | { problem: string } {
  const amount = amountText(amountCell, delimiter);
  if ('problem' in amount) return amount;
  const entry = { bingXUID: uid, masterAmount: amount.amount };
  if (plainUid.test(uid) && plainAmount.test(entry.masterAmount)) return { entry };
  const parsed = statementEntrySchema.safeParse(entry);
  return parsed.success ? { entry } : { problem: parsed.error.issues.map((issue) => issue.message).join('; ') };
}

const quoteProblems: Record<string, string> = {
  MissingQuotes: 'a double quote is not closed',
  InvalidQuotes: 'a double quote stands inside a value: quote the whole value and double the quotes in it',
};

const countOf = (text: string, char: string) => {
  let count = 0;
  for (let index = text.indexOf(char); index !== -1; index = text.indexOf(char, index + 1)) count += 1;
  return count;
};

/** The column order a header names, or what is wrong with it. */
function readHeader(cells: string[]): { order: Column[] } | { problems: string[] } {
  const problems: string[] = [];
  const order: Column[] = [];
  for (const cell of cells) {
    const column = columnNames[cell.toLowerCase().replace(/[^a-z]/g, '')];
    const shown = cell.length > 40 ? `${cell.slice(0, 40)}…` : cell;
    if (!column) problems.push(`unknown column "${shown}" (a statement has the columns bingXUID and masterAmount)`);
    else if (order.includes(column)) problems.push(`column ${column} is named twice`);
    else order.push(column);
  }
  if (problems.length === 0 && order.length !== 2) {
    problems.push('the header must name the two columns bingXUID and masterAmount');
  }
  return problems.length > 0 ? { problems } : { order };
}

/**
 * Reads an uploaded statement with the rules the server applies (the contract's
 * `statementEntrySchema`, one line per UID), so every bad line is reported with its number and
 * reason before anything is sent. Accepts `,` or `;` between values, quoted values (a quoted
 * amount may carry thousands separators), a header line or none, CRLF or CR line ends, blank lines
 * and a byte-order mark. Amounts stay the exact decimal text of the file.
 */
export function parseStatement(text: string, limits: StatementLimits = statementLimits): ParsedStatement {
  const entries: StatementEntry[] = [];
  const problems: StatementProblem[] = [];
  let problemCount = 0;
  let headerSkipped = false;
  const report = (problem: StatementProblem) => {
    problemCount += 1;
    if (problems.length < limits.problemsKept) problems.push(problem);
  };
  const result = (): ParsedStatement => ({ entries, headerSkipped, problems, problemCount });

  // A value never holds a line break, so every line end becomes one `\n` and lines keep their numbers.
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // A NUL byte, or a byte that is no UTF-8 (decoded as U+FFFD, as browsers decode a file).
  const binaryAt = Math.min(...[normalised.indexOf('\u0000'), normalised.indexOf('\uFFFD')].filter((at) => at !== -1));
  if (binaryAt !== Number.POSITIVE_INFINITY) {
    report({
      line: countOf(normalised.slice(0, binaryAt), '\n') + 1,
      message: 'This is not a CSV text file: it holds binary data',
    });
    return result();
  }

  const delimiter = delimiterOf(normalised);
  const parsed = Papa.parse<string[]>(normalised, { delimiter, newline: '\n', quoteChar: '"', skipEmptyLines: false });
  const quoteProblemOfRow = new Map<number, string>();
  for (const error of parsed.errors) {
    const message = quoteProblems[error.code];
    if (message !== undefined && error.row !== undefined && !quoteProblemOfRow.has(error.row)) {
      quoteProblemOfRow.set(error.row, message);
    }
  }

  let order: Column[] = ['bingXUID', 'masterAmount'];
  let seenContent = false;
  const firstLineOf = new Map<string, number>();
  let line = 0;
  for (const [row, raw] of parsed.data.entries()) {
    line += 1;
    const lineOfRow = line;
    // A quoted value that ran over line ends (an unclosed quote) spans several lines of the file.
    for (const cell of raw) line += countOf(cell, '\n');
    const quoteProblem = quoteProblemOfRow.get(row);
    if (quoteProblem !== undefined) {
      seenContent = true;
      report({ line: lineOfRow, message: quoteProblem });
      continue;
    }
    const cells = raw.map((cell) => cell.trim());
    if (cells.every((cell) => cell === '') && cells.length <= 1) continue;
    if (!seenContent) {
      seenContent = true;
      if (isHeader(cells)) {
        const header = readHeader(cells);
        if ('problems' in header) {
          for (const message of header.problems) report({ line: lineOfRow, message });
          return result();
        }
        order = header.order;
        headerSkipped = true;
        continue;
      }
    }
    if (cells.length !== 2) {
      const hint =
        cells.length === 3 && delimiter === ','
          ? ': put an amount with a thousands separator in double quotes ("1,234.50")'
          : '';
      report({
        line: lineOfRow,
        message: `Expected 2 values (bingXUID,masterAmount) but found ${cells.length}${hint}`,
      });
      continue;
    }
    const uid = cells[order.indexOf('bingXUID')] ?? '';
    const amount = cells[order.indexOf('masterAmount')] ?? '';
    const read = toEntry(uid, amount, delimiter);
    if ('problem' in read) {
      report({ line: lineOfRow, message: read.problem });
      continue;
    }
    const { entry } = read;
    const firstLine = firstLineOf.get(entry.bingXUID);
    if (firstLine !== undefined) {
      report({ line: lineOfRow, message: `bingXUID ${entry.bingXUID} appears twice (first on line ${firstLine})` });
      continue;
    }
    firstLineOf.set(entry.bingXUID, lineOfRow);
    entries.push(entry);
  }

  if (entries.length > limits.maxEntries) {
    report({ message: `A statement has at most ${limits.maxEntries.toLocaleString('en-US')} entries` });
  } else if (entries.length === 0 && problemCount === 0) {
    report({ message: 'The statement has no entries' });
  }
  return result();
}

/** A file too large to read, as the one problem of its statement. */
export function oversizedStatement(bytes: number, maxBytes = statementMaxBytes): ParsedStatement | null {
  if (bytes <= maxBytes) return null;
  const megabytes = (size: number) => `${Math.ceil(size / (1024 * 1024))} MB`;
  return {
    entries: [],
    headerSkipped: false,
    problems: [{ message: `The file has ${megabytes(bytes)}; a statement has at most ${megabytes(maxBytes)}` }],
    problemCount: 1,
  };
}

/**
 * Reads a statement file (a browser `File`, or a `Blob` of the bytes a command read from disk):
 * decoded as UTF-8 the way browsers decode a file (an invalid byte becomes U+FFFD, which the reader
 * refuses as binary), after refusing a file too large to hold.
 */
export async function parseStatementFile(
  file: Blob,
  limits: StatementLimits & { maxBytes: number } = { ...statementLimits, maxBytes: statementMaxBytes },
): Promise<ParsedStatement> {
  return oversizedStatement(file.size, limits.maxBytes) ?? parseStatement(await file.text(), limits);
}

/** A problem as a sentence: "Line 4: bingXUID must be 6 to 20 digits". */
export function describeStatementProblem(problem: StatementProblem): string {
  return problem.line === undefined ? problem.message : `Line ${problem.line}: ${problem.message}`;
}
