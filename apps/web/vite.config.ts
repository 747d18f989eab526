import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';
// By path, not as @uplink/contract: Vite bundles the config's relative imports but hands a package's to Node, which cannot load TypeScript.
import { modulePreloadLink, webBuildFiles } from '../../packages/contract/src/web-build';
import { type Budget, type Manifest, preloadsOfPage } from './scripts/bundle-budget';
import { appScriptMeta } from './src/lib/app-script';

/**
 * Where the build keeps what must not be served: the source maps (built "hidden", without a
 * sourceMappingURL comment, for decoding a production stack trace) and the chunk manifest
 * (.vite/manifest.json). Beside the output folder (dist-private/ for dist/), not in it, so no web
 * server can hand them out.
 */
export const privateDirOf = (outDir: string) => `${outDir}-private`;

/**
 * The files sent as the build compressed them. Not the HTML pages: the server writes the
 * deployment's settings into them and compresses them itself, once at start (web-app-serving.ts),
 * and the prerender rewrites them after this plugin has run.
 */
const compressible = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)],
  );
}

/**
 * After the bundle is written: the maps and the manifest move to dist-private/, and each text
 * file gets a brotli (.br) and a gzip (.gz) twin at the strongest settings, which the server
 * sends by Accept-Encoding (compressing once here costs nothing per request). A twin that would
 * not be smaller is not written.
 */
function releaseFiles(): Plugin {
  let outDir = '';
  let privateDir = '';
  return {
    name: 'uplink-release-files',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      privateDir = privateDirOf(outDir);
    },
    buildStart() {
      rmSync(privateDir, { recursive: true, force: true });
    },
    async writeBundle() {
      const toCompress: string[] = [];
      for (const file of filesUnder(outDir)) {
        const source = path.join(outDir, file);
        if (file.endsWith('.map') || file.startsWith(`.vite${path.sep}`)) {
          const target = path.join(privateDir, file);
          mkdirSync(path.dirname(target), { recursive: true });
          renameSync(source, target);
        } else if (compressible.test(file)) {
          toCompress.push(source);
        }
      }
      await Promise.all(toCompress.map(writeCompressedTwins));
    },
  };
}

/** Where the build lists each chunk's modules and their bytes in it, under the private folder. */
export const bundleModulesFile = '.vite/bundle-modules.json';

/** A module id as the report shows it: relative to the app, or the npm package's path. */
const moduleName = (root: string, id: string) =>
  id.includes('/node_modules/') ? id.slice(id.lastIndexOf('/node_modules/') + 1) : path.relative(root, id);

/**
 * Writes, for each chunk, the modules bundled into it and the bytes each takes there (rendered,
 * before compression), beside the manifest: what `npm run check:bundle` reports per page.
 */
function bundleModules(): Plugin {
  let root = '';
  return {
    name: 'uplink-bundle-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .sort(([, a], [, b]) => b.renderedLength - a.renderedLength)
          .map(([id, module]) => [moduleName(root, id), module.renderedLength]);
        chunks[output.fileName] = Object.fromEntries(modules);
      }
      this.emitFile({ type: 'asset', fileName: bundleModulesFile, source: JSON.stringify(chunks, null, 1) });
    },
  };
}

/** The script of the page at `/` (src/landing-entry.tsx), an entry of its own beside index.html's. */
export const landingEntry = 'src/landing-entry.tsx';

/**
 * Writes the pages' first paint into their HTML, from src/prerender.tsx (run through Vite's module
 * runner after the bundle is written), so each paints before its JavaScript arrives:
 * dist/landing.html, the page the server sends for `/`, is index.html with the landing page in its
 * root element and the landing page's own entry in place of the app's (a script that hydrates that
 * page with React alone), with a `<link rel="modulepreload">` for each chunk it imports, so they
 * download beside it; dist/index.html, every other page, gets the app's loading screen.
 * dist/page-preloads.json names, for each page of bundle-budget.json that the app's entry starts,
 * the chunks its screen and frame load beyond the entry: the server writes a `<link
 * rel="modulepreload">` for each into that page's HTML, so they download beside the entry instead
 * of after it has run.
 */
function prerenderLanding(): Plugin {
  let root = '';
  let outDir = '';
  let mode = '';
  let script = '';
  let appScript = '';
  let preloads: string[] = [];
  return {
    name: 'uplink-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entryOf = (module: string) => {
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === path.join(root, module));
        if (!entry) throw new Error(`${module} is not an entry of the build`);
        return entry;
      };
      const entry = entryOf(landingEntry);
      appScript = entryOf('index.html').fileName;
      const imported = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        for (const next of chunk?.type === 'chunk' ? chunk.imports : []) {
          if (imported.has(next)) continue;
          imported.add(next);
          visit(next);
        }
      };
      visit(entry.fileName);
      script = entry.fileName;
      preloads = [...imported];
    },
    async closeBundle() {
      const { module } = await runnerImport<{ landing: { html: string; title: string }; loading: string }>(
        path.join(root, 'src/prerender.tsx'),
        {
          configFile: false,
          root,
          mode,
          plugins: [react()],
        },
      );
      const { html, title } = module.landing;
      const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const emptyRoot = '<div id="root"></div>';
      if (!index.includes(emptyRoot)) throw new Error(`dist/index.html has no empty ${emptyRoot} to prerender into`);
      const scripts = [
        `    <meta name="${appScriptMeta}" content="/${appScript}">\n`,
        `    <script type="module" crossorigin src="/${script}"></script>\n`,
        ...preloads.map((file) => `    ${modulePreloadLink(file)}\n`),
      ].join('');
      const page = index
        .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
        .replace(/ *<script type="module"[^>]*><\/script>\n| *<link rel="modulepreload"[^>]*>\n/g, '')
        .replace('  </head>', `${scripts}  </head>`)
        .replace(emptyRoot, `<div id="root">${html}</div>`);
      await writeFile(path.join(outDir, webBuildFiles.landing), page);
      const pagePreloads = preloadsOfAppPages(root, outDir);
      await writeFile(path.join(outDir, webBuildFiles.pagePreloads), `${JSON.stringify(pagePreloads, null, 2)}\n`);
      await writeFile(
        path.join(outDir, 'index.html'),
        index.replace(emptyRoot, `<div id="root">${module.loading}</div>`),
      );
    },
  };
}

/**
 * For each page of bundle-budget.json that the app's entry starts: the files of the lazy modules it
 * loads before rendering and of everything they import, less what the entry loads anyway.
 */
function preloadsOfAppPages(root: string, outDir: string): Record<string, string[]> {
  const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
  const manifest = readJson(path.join(privateDirOf(outDir), '.vite/manifest.json')) as Manifest;
  const budget = readJson(path.join(root, 'bundle-budget.json')) as Budget;
  return Object.fromEntries(
    budget.pages.filter((page) => page.entry === undefined).map((page) => [page.path, preloadsOfPage(manifest, page)]),
  );
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function writeCompressedTwins(file: string): Promise<void> {
  const content = await readFile(file);
  const twins = {
    br: await brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz: await gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
  };
  for (const [extension, compressed] of Object.entries(twins)) {
    if (compressed.length < content.length) await writeFile(`${file}.${extension}`, compressed);
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), bundleModules(), releaseFiles(), prerenderLanding()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    manifest: true,
    // No polyfill of <link rel="modulepreload">: the browsers of the default target that lack it
    // (Safari 16.4-16.6, Firefox 114) load the same modules by their imports, only later.
    modulePreload: { polyfill: false },
    rollupOptions: { input: { index: 'index.html', landing: landingEntry } },
  },
});
