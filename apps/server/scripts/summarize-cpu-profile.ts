/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) and prints where the time went: self time by package
 * (node_modules/<name>, our own `src/…` files, node internals), the top functions by self time,
 * and the inclusive time of every function whose name matches one of the given patterns.
 *
 *   tsx apps/server/scripts/summarize-cpu-profile.ts <file.cpuprofile> [--top N] [--match a,b,c]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function ownerOf(url: string): string {
  if (url === '') return '(native/vm)';
  const dependency = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (dependency?.[1]) return dependency[1];
  const own = url.match(/\/(apps|packages)\/([^/]+)\/(?:src\/)?(.*)$/);
  if (own) return `${own[1]}/${own[2]}/${own[3]?.split('/')[0] ?? ''}`;
  if (url.startsWith('node:')) return url;
  return url;
}

/** Where the profile's busy time went, as lines of text: by package, by function, and per pattern (inclusive). */
export function summarizeCpuProfile(profile: CpuProfile, top: number, patterns: readonly string[]): string[] {
  const lines: string[] = [];
  const print = (line: string) => lines.push(line);

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);
  const idle = [...selfMs].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)');
  const idleMs = idle.reduce((sum, [, ms]) => sum + ms, 0);
  const busy = total - idleMs;
  const percent = (ms: number) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %`;

  const tally = (keyOf: (node: ProfileNode) => string) => {
    const sums = new Map<string, number>();
    for (const [id, ms] of selfMs) {
      const node = byId.get(id);
      if (!node || node.callFrame.functionName === '(idle)') continue;
      sums.set(keyOf(node), (sums.get(keyOf(node)) ?? 0) + ms);
    }
    return [...sums].sort((a, b) => b[1] - a[1]);
  };

  print(`busy ${busy.toFixed(0)} ms of ${total.toFixed(0)} ms sampled (idle ${idleMs.toFixed(0)} ms)\n`);
  print('self time by package');
  for (const [owner, ms] of tally((node) => ownerOf(node.callFrame.url)).slice(0, top)) {
    print(`  ${percent(ms)}  ${owner}`);
  }
  print('\nself time by function');
  const functionKey = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${ownerOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  for (const [name, ms] of tally(functionKey).slice(0, top)) print(`  ${percent(ms)}  ${name}`);

  if (patterns.length > 0) {
    print('\ninclusive time (each sample counted once per pattern)');
    for (const pattern of patterns) {
      let ms = 0;
      for (const [id, sampleMs] of selfMs) {
        for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
          const frame = byId.get(at)?.callFrame;
          if (frame && `${frame.functionName} ${frame.url}`.includes(pattern)) {
            ms += sampleMs;
            break;
          }
        }
      }
      print(`  ${percent(ms)}  ${pattern}`);
    }
  }
  return lines;
}

/** The command line: `summarize-cpu-profile <file.cpuprofile> [--top N] [--match a,b]`. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) throw new Error('usage: summarize-cpu-profile <file.cpuprofile> [--top N] [--match a,b]');
  const top = Number(rest[rest.indexOf('--top') + 1] ?? 30) || 30;
  const patterns = rest.includes('--match') ? (rest[rest.indexOf('--match') + 1] ?? '').split(',') : [];
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  for (const line of summarizeCpuProfile(profile, top, patterns)) console.log(line);
}
