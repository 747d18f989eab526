import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRuleHomes, ruleDisagreements, ruleMarkersIn, ruleTableRows } from '../scripts/business-rules';

const root = join(import.meta.dirname, '../../..');
const marker = (name: string) => `/** ${'@'}rule ${name} */`;
const table = (...rows: string[]) =>
  [
    '## Business rules → home',
    '',
    '| rule | what | home | code |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    '## Next',
  ].join('\n');
const row = (rule: string, home: string) => `| \`${rule}\` | what it says | \`${home}\` \`fn\` | — |`;

describe('business rules → home', () => {
  it('the table in docs/architecture.md and the markers in the code agree, on at least 30 rules', () => {
    const markers = ruleMarkersIn(readRuleHomes(root));
    const rows = ruleTableRows(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));
    expect(ruleDisagreements(markers, rows)).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(30);
  });

  it('reads the rule and its home file from each row of the section only', () => {
    const markdown = `${table(row('LAST_OWNER', 'a/team.ts'))}\n| \`ELSEWHERE\` | x | \`b.ts\` | — |`;
    expect(ruleTableRows(markdown)).toEqual([{ rule: 'LAST_OWNER', home: 'a/team.ts' }]);
  });

  it('names a marker missing from the table, a row without a marker, a marker in two homes and a row naming another file', () => {
    const markers = ruleMarkersIn([
      { path: 'a/team.ts', text: marker('LAST_OWNER') },
      { path: 'a/cents.ts', text: `${marker('WHOLE_CENTS')}\n${marker('UNLISTED')}` },
      { path: 'b/cents.ts', text: marker('WHOLE_CENTS') },
      { path: 'c/moved.ts', text: marker('MOVED') },
    ]);
    const rows = ruleTableRows(
      table(
        row('LAST_OWNER', 'a/team.ts'),
        row('WHOLE_CENTS', 'a/cents.ts'),
        row('GONE', 'x.ts'),
        row('MOVED', 'c/old.ts'),
      ),
    );
    expect(ruleDisagreements(markers, rows)).toEqual([
      'WHOLE_CENTS is marked in two homes: a/cents.ts, b/cents.ts',
      'UNLISTED is marked in a/cents.ts but not in the rule table',
      'GONE is in the rule table but no file carries its marker',
      'MOVED: the table says c/old.ts, the marker is in c/moved.ts',
    ]);
  });
});
