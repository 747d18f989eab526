import { describe, expect, it } from 'vitest';
import { statementMaxLines } from './reward-runs';
import {
  describeStatementProblem,
  parseStatement,
  parseStatementFile,
  statementLimits,
  statementMaxBytes,
} from './statement-csv';

const statementProblemsKept = statementLimits.problemsKept;

/** The problems of a statement as the form lists them. */
const problemsOf = (text: string) => parseStatement(text).problems.map(describeStatementProblem);

describe('reading an uploaded statement (bingXUID,masterAmount)', () => {
  it('reads one entry per line, amounts kept as exact strings', () => {
    expect(parseStatement('123456,10.5\n98765432101234567890,0.00000001\n555555,7')).toEqual({
      entries: [
        { bingXUID: '123456', masterAmount: '10.5' },
        { bingXUID: '98765432101234567890', masterAmount: '0.00000001' },
        { bingXUID: '555555', masterAmount: '7' },
      ],
      headerSkipped: false,
      problems: [],
      problemCount: 0,
    });
  });

  it.each([['bingXUID,masterAmount'], ['UID,Amount'], ['"bingXUID","masterAmount"']])(
    'skips a header line: %s',
    (header) => {
      const parsed = parseStatement(`${header}\n123456,1.25`);
      expect(parsed.headerSkipped).toBe(true);
      expect(parsed.entries).toEqual([{ bingXUID: '123456', masterAmount: '1.25' }]);
      expect(parsed.problems).toEqual([]);
    },
  );

  it('takes only the first non-blank line for a header; a later one is a bad line', () => {
    expect(problemsOf('\n\nbingXUID,masterAmount\n123456,1\nbingXUID,masterAmount')).toEqual([
      'Line 5: bingXUID must be 6 to 20 digits; masterAmount must be a non-negative number',
    ]);
  });

  it('does not take a bad first data line for a header', () => {
    const parsed = parseStatement('12a456,5\n123456,1');
    expect(parsed.headerSkipped).toBe(false);
    expect(parsed.problems.map(describeStatementProblem)).toEqual(['Line 1: bingXUID must be 6 to 20 digits']);
  });

  it('accepts CRLF and CR line ends, a byte-order mark, blank lines, spaces and quoted cells', () => {
    const parsed = parseStatement('\uFEFFbingXUID,masterAmount\r\n\r\n 123456 , 1.5 \r\n   \r"234567","2"\r\n');
    expect(parsed.entries).toEqual([
      { bingXUID: '123456', masterAmount: '1.5' },
      { bingXUID: '234567', masterAmount: '2' },
    ]);
    expect(parsed.problemCount).toBe(0);
  });

  it('numbers lines as the file has them, blank lines and CRLF included', () => {
    expect(problemsOf('bingXUID,masterAmount\r\n\r\n123456,1\r\nbad line\r\n')).toEqual([
      'Line 4: Expected 2 values (bingXUID,masterAmount) but found 1',
    ]);
  });

  it('reports every bad line with its number and keeps the good ones', () => {
    const parsed = parseStatement(
      [
        '123456,1',
        '12345,1',
        '123456789012345678901,1',
        '234567,-3',
        '345678,abc',
        '456789,',
        '567890,1,2',
        '678901,2',
      ].join('\n'),
    );
    expect(parsed.entries.map((entry) => entry.bingXUID)).toEqual(['123456', '678901']);
    expect(parsed.problems.map(describeStatementProblem)).toEqual([
      'Line 2: bingXUID must be 6 to 20 digits',
      'Line 3: bingXUID must be 6 to 20 digits',
      'Line 4: masterAmount must be a non-negative number',
      'Line 5: masterAmount must be a non-negative number',
      'Line 6: masterAmount must be a non-negative number',
      'Line 7: Expected 2 values (bingXUID,masterAmount) but found 3: put an amount with a thousands separator in double quotes ("1,234.50")',
    ]);
    expect(parsed.problemCount).toBe(6);
  });

  it('refuses more than 8 decimals, as the server does', () => {
    expect(problemsOf('123456,1.123456789\n234567,0.12345678')).toEqual([
      'Line 1: masterAmount has at most 8 decimals',
    ]);
  });

  it('accepts the other amount forms the server accepts, as written', () => {
    expect(parseStatement('123456,1.\n234567,.5\n345678,1e2\n456789,0012.50').entries).toEqual([
      { bingXUID: '123456', masterAmount: '1.' },
      { bingXUID: '234567', masterAmount: '.5' },
      { bingXUID: '345678', masterAmount: '1e2' },
      { bingXUID: '456789', masterAmount: '0012.50' },
    ]);
  });

  it('refuses a UID given twice, naming the line where it first appeared', () => {
    const parsed = parseStatement('bingXUID,masterAmount\n123456,1\n234567,2\n123456,3');
    expect(parsed.entries).toHaveLength(2);
    expect(parsed.problems.map(describeStatementProblem)).toEqual([
      'Line 4: bingXUID 123456 appears twice (first on line 2)',
    ]);
  });

  it.each([[''], ['\n\r\n  \n'], ['bingXUID,masterAmount\r\n']])('says when there is nothing to run: %j', (text) => {
    expect(problemsOf(text)).toEqual(['The statement has no entries']);
  });

  it('keeps the first problems and counts them all', () => {
    const parsed = parseStatement(Array.from({ length: statementProblemsKept + 50 }, () => 'x,1').join('\n'));
    expect(parsed.problems).toHaveLength(statementProblemsKept);
    expect(parsed.problems[0]).toEqual({ line: 1, message: 'bingXUID must be 6 to 20 digits' });
    expect(parsed.problemCount).toBe(statementProblemsKept + 50);
  });

  it('refuses more entries than a statement may carry, with the limit as the contract sets it', () => {
    // The limit is a parameter so this stays cheap: two million lines prove nothing two do not.
    expect(statementLimits.maxEntries).toBe(statementMaxLines);
    const limits = { ...statementLimits, maxEntries: 2 };
    expect(parseStatement('123456,1\n234567,1', limits).problems).toEqual([]);
    expect(parseStatement('123456,1\n234567,1\n345678,1', limits).problems.map(describeStatementProblem)).toEqual([
      'A statement has at most 2 entries',
    ]);
  });
});

describe('a statement as spreadsheets write it', () => {
  it('reads a quoted amount with thousands separators (the line the command line once read as 1 USDT)', () => {
    expect(parseStatement('77000001,"1,234.50"\n77000002,"12,345,678.00000001"').entries).toEqual([
      { bingXUID: '77000001', masterAmount: '1234.50' },
      { bingXUID: '77000002', masterAmount: '12345678.00000001' },
    ]);
  });

  it('refuses the unquoted form, naming the fix', () => {
    expect(problemsOf('77000001,1,234.50')).toEqual([
      'Line 1: Expected 2 values (bingXUID,masterAmount) but found 3: put an amount with a thousands separator in double quotes ("1,234.50")',
    ]);
  });

  it('reads `;` between values, with a header, a BOM and quoted thousands', () => {
    const parsed = parseStatement('\uFEFFUID;Amount\r\n77000001;"1,234.50"\r\n77000002;7\r\n');
    expect(parsed).toMatchObject({
      headerSkipped: true,
      problemCount: 0,
      entries: [
        { bingXUID: '77000001', masterAmount: '1234.50' },
        { bingXUID: '77000002', masterAmount: '7' },
      ],
    });
  });

  it('refuses a comma that may be a decimal comma rather than guess a thousandfold amount', () => {
    expect(problemsOf('77000001;1,5\n77000002;1,234\n77000003;"1,234.5"')).toEqual([
      'Line 1: masterAmount 1,5 has a comma that is not a thousands separator: write decimals with a point (1234.50)',
      'Line 2: masterAmount 1,234 has a comma that is not a thousands separator: write decimals with a point (1234.50)',
    ]);
  });

  it('follows the header for the order of the columns', () => {
    expect(parseStatement('masterAmount,bingXUID\n2.5,123456').entries).toEqual([
      { bingXUID: '123456', masterAmount: '2.5' },
    ]);
  });

  it('reads double quotes doubled inside a value and refuses a quote left open', () => {
    expect(problemsOf('"12""3456",1\n123456,"1')).toEqual([
      'Line 1: bingXUID must be 6 to 20 digits',
      'Line 2: a double quote is not closed',
    ]);
  });
});

describe('hostile statements: every refusal named, no entry kept to send', () => {
  it('refuses formula cells as values, never evaluating them', () => {
    const parsed = parseStatement('"=HYPERLINK(""http://x"",""y"")",1\n123456,=1+2\n+123456,@SUM(A1)\n-123456,-5');
    expect(parsed.problems.map(describeStatementProblem)).toEqual([
      'Line 1: bingXUID must be 6 to 20 digits',
      'Line 2: masterAmount must be a non-negative number',
      'Line 3: bingXUID must be 6 to 20 digits; masterAmount must be a non-negative number',
      'Line 4: bingXUID must be 6 to 20 digits; masterAmount must be a non-negative number',
    ]);
  });

  it('refuses negative and 30-decimal amounts line by line', () => {
    expect(problemsOf('123456,-1\n234567,0.123456789012345678901234567890\n345678,1')).toEqual([
      'Line 1: masterAmount must be a non-negative number',
      'Line 2: masterAmount has at most 8 decimals',
    ]);
  });

  it('refuses an unknown column and reads nothing under it', () => {
    const parsed = parseStatement('bingXUID,masterAmount,note\n123456,1,x');
    expect(parsed.entries).toEqual([]);
    expect(parsed.problems.map(describeStatementProblem)).toEqual([
      'Line 1: unknown column "note" (a statement has the columns bingXUID and masterAmount)',
    ]);
  });

  it('refuses a line of 10,000 values', () => {
    const wide = Array.from({ length: 10_000 }, () => '1').join(',');
    expect(problemsOf(`123456,1\n${wide}`)).toEqual([
      'Line 2: Expected 2 values (bingXUID,masterAmount) but found 10000',
    ]);
  });

  it('refuses a binary file as a whole, naming where it starts', async () => {
    const bytes = new Uint8Array([0x31, 0x32, 0x0a, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]);
    const parsed = await parseStatementFile(new Blob([bytes]));
    expect(parsed.entries).toEqual([]);
    expect(parsed.problems.map(describeStatementProblem)).toEqual([
      'Line 2: This is not a CSV text file: it holds binary data',
    ]);
  });

  it('reads a 50 MB upload of junk into per-line refusals, the first ones kept', async () => {
    const junkLine = `${'7x'.repeat(500)}\n`;
    const file = new Blob([junkLine.repeat(50 * 1024)]);
    expect(file.size).toBe(50 * 1024 * 1001);
    const parsed = await parseStatementFile(file);
    expect(parsed.entries).toEqual([]);
    expect(parsed.problemCount).toBe(50 * 1024);
    expect(parsed.problems).toHaveLength(statementProblemsKept);
    expect(parsed.problems[0]).toEqual({ line: 1, message: 'Expected 2 values (bingXUID,masterAmount) but found 1' });
  });

  it('refuses a file larger than a statement can be without reading it', async () => {
    const limits = { ...statementLimits, maxBytes: 1024 * 1024 };
    expect(statementMaxBytes).toBeGreaterThan(50 * 1024 * 1024);
    const parsed = await parseStatementFile(new Blob([new Uint8Array(3 * 1024 * 1024)]), limits);
    expect(parsed.problems.map(describeStatementProblem)).toEqual(['The file has 3 MB; a statement has at most 1 MB']);
  });
});
