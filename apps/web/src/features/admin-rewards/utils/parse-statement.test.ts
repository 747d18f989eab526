import { statementMaxLines } from '@uplink/contract/rewards';
import { describe, expect, it } from 'vitest';
import { describeStatementProblem, parseStatement, statementProblemsKept } from './parse-statement';

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
      'Line 7: Expected 2 values (bingXUID,masterAmount) but found 3',
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

  it(`refuses more than ${statementMaxLines} entries`, () => {
    const lines = Array.from({ length: statementMaxLines + 1 }, (_, index) => `${100_000_000 + index},1`);
    expect(problemsOf(lines.join('\n'))).toEqual(['A statement has at most 2,000,000 entries']);
  });
});
