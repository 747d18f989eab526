/**
 * The JavaScript each page loads before it renders, read from the build's manifest, against the
 * limits of bundle-budget.json (brotli, as the server sends it). Pure: check-bundle.ts reads the
 * build and the budget and hands them here; the test hands a build pushed over its limit.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageBudget {
  /** The address a visitor opens. */
  path: string;
  /**
   * The entry its HTML starts (a manifest key): the app's index.html unless the page has its own,
   * as `/` has (src/landing-entry.tsx).
   */
  entry?: string;
  /**
   * The lazily loaded modules (manifest keys, as `src/app/routes/member/dashboard.tsx`) the router
   * fetches before the page renders; the entry is always loaded and never listed. The page's HTML
   * preloads them (preloadsOfPage).
   */
  loads: string[];
  /** The page's JavaScript, brotli, in kB (1,000 bytes): more fails the build. */
  limitKb: number;
  /** npm packages the page must not load (it neither parses nor computes with them). */
  refuses?: string[];
}

export interface Budget {
  pages: PageBudget[];
}

export interface PageWeight {
  path: string;
  /** The JavaScript files of the page, each with its brotli size in bytes. */
  files: { file: string; bytes: number }[];
  bytes: number;
  limitBytes: number;
  /** The refused packages the page loads. */
  refusedLoaded: string[];
  /** Every npm package the page loads. */
  packages: string[];
}

export interface BuildFacts {
  manifest: Manifest;
  /** The brotli size of a file of the build. */
  compressedSize(file: string): number;
  /** The npm packages bundled into a file of the build. */
  packagesIn(file: string): Set<string>;
}

/** The app's entry, which every page without an entry of its own starts. */
export const appEntry = 'index.html';

/** A chunk and everything it imports statically: what loads before its code runs. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The manifest keys of the chunks a first visit to `page` loads. */
export function chunksOfPage(manifest: Manifest, page: PageBudget): Set<string> {
  const entry = page.entry ?? appEntry;
  if (!manifest[entry]?.isEntry) throw new Error(`${page.path}: ${entry} is not an entry of the build`);
  const chunks = staticClosure(manifest, entry);
  for (const module of page.loads) {
    if (!manifest[module]) throw new Error(`${page.path}: ${module} is not a chunk of the build`);
    staticClosure(manifest, module, chunks);
  }
  return chunks;
}

/**
 * The JavaScript files a first visit to `page` loads beyond those its entry loads: what the page's
 * HTML names for the browser to preload beside the entry.
 */
export function preloadsOfPage(manifest: Manifest, page: PageBudget): string[] {
  const loadedByEntry = staticClosure(manifest, page.entry ?? appEntry);
  return [...chunksOfPage(manifest, page)]
    .filter((key) => !loadedByEntry.has(key))
    .map((key) => manifest[key]?.file as string)
    .filter((file) => file.endsWith('.js'))
    .sort();
}

export function weighPage(build: BuildFacts, page: PageBudget): PageWeight {
  const files = [...chunksOfPage(build.manifest, page)]
    .map((key) => build.manifest[key]?.file as string)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: build.compressedSize(file) }))
    .sort((a, b) => b.bytes - a.bytes);
  const packages = new Set(files.flatMap(({ file }) => [...build.packagesIn(file)]));
  return {
    path: page.path,
    files,
    bytes: files.reduce((sum, { bytes }) => sum + bytes, 0),
    limitBytes: page.limitKb * 1000,
    refusedLoaded: (page.refuses ?? []).filter((name) => packages.has(name)),
    packages: [...packages].sort(),
  };
}

/** What is wrong with a page: over its limit, or loading a package it refuses. */
export function faultsOf(weight: PageWeight): string[] {
  const faults: string[] = [];
  if (weight.bytes > weight.limitBytes) {
    faults.push(
      `${weight.path}: ${kb(weight.bytes)} of JavaScript (brotli), over its limit of ${kb(weight.limitBytes)}`,
    );
  }
  if (weight.refusedLoaded.length > 0) {
    faults.push(`${weight.path}: loads ${weight.refusedLoaded.join(' and ')}, which it does not use`);
  }
  return faults;
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
