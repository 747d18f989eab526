import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeStatementProblem, parseStatementFile } from '@uplink/contract/statement-csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStatementFile } from './statement-file';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');

/** Statement files as exchanges, spreadsheets and attackers write them, byte for byte. */
const files: Record<string, string | Uint8Array> = {
  'plain.csv': '123456,10.5\n234567,0.00000001\n',
  'excel-semicolons-bom.csv': '\uFEFFUID;Amount\r\n77000001;"1,234.50"\r\n77000002;7\r\n',
  'quoted-thousands.csv': 'bingXUID,masterAmount\n77000001,"1,234.50"\n77000002,"2,000"\n',
  'unquoted-thousands.csv': '77000001,1,234.50\n77000002,5\n',
  'formulas.csv': '"=HYPERLINK(""http://x"",""y"")",1\n123456,=1+2\n@SUM(A1),+5\n',
  'hostile-amounts.csv': '123456,-1\n234567,0.123456789012345678901234567890\n',
  'unknown-column.csv': 'bingXUID,masterAmount,note\n123456,1,hello\n',
  'wide-line.csv': `123456,1\n${Array.from({ length: 10_000 }, () => '9').join(',')}\n`,
  'binary.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48]),
  'latin1.csv': new Uint8Array([0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x2c, 0x31, 0x0a, 0x55, 0xe9, 0x2c, 0x31]),
};

describe('the statement reader: the web upload and `rewards:cycle --file` read a file alike', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'statements-'));
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(folder, name), content);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it.each(Object.keys(files))('%s gives the same entries and refusals on both paths', async (name) => {
    const content = files[name] ?? '';
    const uploaded = await parseStatementFile(new File([content], name));
    const fromDisk = await readStatementFile(path.join(folder, name));
    expect(fromDisk).toEqual(uploaded);
  });

  it('reads the spreadsheet forms and refuses the hostile ones with their reasons', async () => {
    const read = async (name: string) => {
      const statement = await readStatementFile(path.join(folder, name));
      return { entries: statement.entries, problems: statement.problems.map(describeStatementProblem) };
    };
    expect(await read('excel-semicolons-bom.csv')).toEqual({
      entries: [
        { bingXUID: '77000001', masterAmount: '1234.50' },
        { bingXUID: '77000002', masterAmount: '7' },
      ],
      problems: [],
    });
    expect((await read('quoted-thousands.csv')).entries.map((entry) => entry.masterAmount)).toEqual([
      '1234.50',
      '2000',
    ]);
    expect((await read('unquoted-thousands.csv')).problems).toEqual([
      'Line 1: Expected 2 values (bingXUID,masterAmount) but found 3: put an amount with a thousands separator in double quotes ("1,234.50")',
    ]);
    expect((await read('formulas.csv')).problems).toHaveLength(3);
    expect((await read('hostile-amounts.csv')).problems).toEqual([
      'Line 1: masterAmount must be a non-negative number',
      'Line 2: masterAmount has at most 8 decimals',
    ]);
    expect((await read('unknown-column.csv')).problems).toEqual([
      'Line 1: unknown column "note" (a statement has the columns bingXUID and masterAmount)',
    ]);
    expect((await read('wide-line.csv')).problems).toEqual([
      'Line 2: Expected 2 values (bingXUID,masterAmount) but found 10000',
    ]);
    expect((await read('binary.png')).problems).toEqual(['Line 1: This is not a CSV text file: it holds binary data']);
    expect((await read('latin1.csv')).problems).toEqual(['Line 2: This is not a CSV text file: it holds binary data']);
  });

  it('refuses by its size a file larger than a statement can be', async () => {
    const statement = await readStatementFile(path.join(folder, 'wide-line.csv'), 1024);
    expect(statement.problems.map(describeStatementProblem)).toEqual([
      'The file has 1 MB; a statement has at most 1 MB',
    ]);
  });

  it('`rewards:cycle --file` names each refused line and runs nothing', async () => {
    // It stops before it opens a database: DATABASE_URL points nowhere to prove it.
    const run = promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/scripts/rewards-cycle.ts',
        '--cycle',
        '1',
        '--file',
        path.join(folder, 'hostile-amounts.csv'),
      ],
      { cwd: repositoryRoot, env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } },
    );
    await expect(run).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        '2 line(s) refused, nothing was run: Line 1: masterAmount must be a non-negative number; Line 2: masterAmount has at most 8 decimals\n',
      ),
    });
  });
});
