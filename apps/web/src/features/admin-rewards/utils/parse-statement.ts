import { formatCount } from '@uplink/contract/format';
import { type StatementEntry, statementEntrySchema, statementMaxLines } from '@uplink/contract/rewards';

/** What is wrong with an uploaded statement; `line` is 1-based, absent for the file as a whole. */
export interface StatementProblem {
  line?: number;
  message: string;
}

export interface ParsedStatement {
  entries: StatementEntry[];
  /** The first line named the columns and was skipped. */
  headerSkipped: boolean;
  /** The first `statementProblemsKept` problems. */
  problems: StatementProblem[];
  /** All of them. */
  problemCount: number;
}

/** A file of a million bad lines need not keep a million messages: the first ones tell what to fix. */
export const statementProblemsKept = 100;

/** A header names columns: none of its cells has a digit (`bingXUID,masterAmount`, `UID,Amount`). */
const isHeader = (cells: string[]) => cells.every((cell) => !/\d/.test(cell));

/**
 * Lines of the common shape, certainly valid under `statementEntrySchema` (at most 20 integer digits
 * stay below its 1e20 ceiling): checked by two regular expressions instead of the schema, which
 * takes seconds over a million lines. Anything else goes through the schema and its messages.
 */
const plainUid = /^\d{6,20}$/;
const plainAmount = /^\d{1,20}(\.\d{1,8})?$/;

/** The line's entry as the file writes it (the server reads the amount exactly), or what is wrong with it. */
function toEntry(uid: string, amount: string): { entry: StatementEntry } | { problem: string } {
  const entry = { bingXUID: uid, masterAmount: amount };
  if (plainUid.test(uid) && plainAmount.test(amount)) return { entry };
  const parsed = statementEntrySchema.safeParse(entry);
  return parsed.success ? { entry } : { problem: parsed.error.issues.map((issue) => issue.message).join('; ') };
}

/** A cell without its spaces and the double quotes a spreadsheet may put around it. */
function cellValue(raw: string): string {
  const cell = raw.trim();
  return cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).trim() : cell;
}

/**
 * Reads an uploaded statement, `bingXUID,masterAmount` per line, with the rules the server applies
 * (the contract's `statementEntrySchema`, one line per UID), so every bad line is reported with its
 * number before anything is sent. Tolerates a header line, CRLF or CR line ends, blank lines and
 * a byte-order mark. Amounts stay the exact decimal text of the file.
 */
export function parseStatement(text: string): ParsedStatement {
  const entries: StatementEntry[] = [];
  const problems: StatementProblem[] = [];
  let problemCount = 0;
  let headerSkipped = false;
  let seenContent = false;
  const firstLineOf = new Map<string, number>();
  const report = (problem: StatementProblem) => {
    problemCount += 1;
    if (problems.length < statementProblemsKept) problems.push(problem);
  };

  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    const cells = raw.split(',').map(cellValue);
    if (!seenContent) {
      seenContent = true;
      if (isHeader(cells)) {
        headerSkipped = true;
        continue;
      }
    }
    if (cells.length !== 2) {
      report({ line, message: `Expected 2 values (bingXUID,masterAmount) but found ${cells.length}` });
      continue;
    }
    const read = toEntry(cells[0] ?? '', cells[1] ?? '');
    if ('problem' in read) {
      report({ line, message: read.problem });
      continue;
    }
    const { entry } = read;
    const firstLine = firstLineOf.get(entry.bingXUID);
    if (firstLine !== undefined) {
      report({ line, message: `bingXUID ${entry.bingXUID} appears twice (first on line ${firstLine})` });
      continue;
    }
    firstLineOf.set(entry.bingXUID, line);
    entries.push(entry);
  }

  if (entries.length > statementMaxLines) {
    report({ message: `A statement has at most ${formatCount(statementMaxLines)} entries` });
  } else if (entries.length === 0 && problemCount === 0) {
    report({ message: 'The statement has no entries' });
  }
  return { entries, headerSkipped, problems, problemCount };
}

/** A problem as a sentence: "Line 4: bingXUID must be 6 to 20 digits". */
export function describeStatementProblem(problem: StatementProblem): string {
  return problem.line === undefined ? problem.message : `Line ${problem.line}: ${problem.message}`;
}
