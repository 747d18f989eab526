/**
 * Loops between the server's modules (apps/server/src/modules/<module>/): module A importing B
 * while B imports A, directly or through others, even where no single file cycle exists. Tests
 * and fixtures are left out (a test may reach into any module it exercises).
 */

/** The module a file of src/ belongs to, or null for a file outside modules/. */
export function moduleOf(file: string): string | null {
  return file.match(/^modules\/([^/]+)\//)?.[1] ?? null;
}

const isTestSupport = (file: string) => /\.(test|fixture)\.ts$/.test(file);

/** The module graph of a file graph (file → the files it imports, paths relative to src/). */
export function moduleGraph(files: Record<string, string[]>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, imports] of Object.entries(files)) {
    const from = moduleOf(file);
    if (!from || isTestSupport(file)) continue;
    for (const imported of imports) {
      const to = moduleOf(imported);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)?.add(to);
    }
  }
  return graph;
}

/** Every group of modules that reach each other (strongly connected, more than one), sorted. */
export function findModuleLoops(files: Record<string, string[]>): string[][] {
  const graph = moduleGraph(files);
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    lowLink.set(module, index.get(module) as number);
    stack.push(module);
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(module, Math.min(lowLink.get(module) as number, lowLink.get(next) as number));
      } else if (stack.includes(next)) {
        lowLink.set(module, Math.min(lowLink.get(module) as number, index.get(next) as number));
      }
    }
    if (lowLink.get(module) !== index.get(module)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member) group.push(member);
    } while (member !== module);
    if (group.length > 1) loops.push(group.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return loops.sort((a, b) => a.join().localeCompare(b.join()));
}
