import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The business rules' table (docs/architecture.md, "Business rules → home") against the markers
 * in the code: each home carries `@rule` and the rule's name, so one grep lists them, and the table names the
 * file of each. A test reads both and fails on any disagreement.
 */

export interface RuleMarker {
  rule: string;
  file: string;
}

export interface RuleRow {
  rule: string;
  home: string;
}

const markerPattern = /@rule ([A-Z][A-Z0-9_]*)/g;
const tableHeading = '## Business rules → home';
/** Where the homes live, from the repository's root; tests are no home. */
export const ruleFolders = ['apps/server/src', 'apps/server/scripts', 'apps/web/src', 'packages/contract/src'];
const homeFile = /\.(ts|tsx|sql)$/;
const testFile = /\.test\.tsx?$/;

/** Every `@rule` marker in the given files, each with the file (a path from the root) it is in. */
export function ruleMarkersIn(files: readonly { path: string; text: string }[]): RuleMarker[] {
  return files.flatMap(({ path, text }) =>
    [...text.matchAll(markerPattern)].map((match) => ({ rule: match[1] as string, file: path })),
  );
}

/** The rows of the rule table: the rule's name (first cell) and its home's file (first code span of the third). */
export function ruleTableRows(markdown: string): RuleRow[] {
  const start = markdown.indexOf(tableHeading);
  if (start < 0) return [];
  const section = markdown.slice(start + tableHeading.length).split(/\n## /)[0] as string;
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split(' | ');
      const code = (cell: string | undefined) => /\x60([^\x60]+)\x60/.exec(cell ?? '')?.[1] ?? '';
      return { rule: code(cells[0]), home: code(cells[2]) };
    });
}

/** What keeps the table and the markers apart, one sentence each; none when they agree. */
export function ruleDisagreements(markers: readonly RuleMarker[], rows: readonly RuleRow[]): string[] {
  const problems: string[] = [];
  const homesOf = new Map<string, Set<string>>();
  for (const { rule, file } of markers) homesOf.set(rule, (homesOf.get(rule) ?? new Set()).add(file));
  const rowsOf = new Map<string, RuleRow[]>();
  for (const row of rows) rowsOf.set(row.rule, [...(rowsOf.get(row.rule) ?? []), row]);

  for (const [rule, homes] of homesOf) {
    if (homes.size > 1) problems.push(`${rule} is marked in two homes: ${[...homes].sort().join(', ')}`);
    if (!rowsOf.has(rule)) problems.push(`${rule} is marked in ${[...homes][0]} but not in the rule table`);
  }
  for (const [rule, ruleRows] of rowsOf) {
    if (ruleRows.length > 1) problems.push(`${rule} has ${ruleRows.length} rows in the rule table`);
    const homes = homesOf.get(rule);
    const home = (ruleRows[0] as RuleRow).home;
    if (!homes) problems.push(`${rule} is in the rule table but no file carries its marker`);
    else if (homes.size === 1 && !homes.has(home))
      problems.push(`${rule}: the table says ${home}, the marker is in ${[...homes][0]}`);
  }
  return problems;
}

/** The home files under the rule folders of the repository at `root`, with their text. */
export function readRuleHomes(root: string): { path: string; text: string }[] {
  return ruleFolders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => homeFile.test(name) && !testFile.test(name) && !name.includes('node_modules'))
      .map((name) => {
        const path = join(root, folder, name);
        return { path: relative(root, path), text: readFileSync(path, 'utf8') };
      }),
  );
}
