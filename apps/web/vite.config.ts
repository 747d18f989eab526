import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Where the build keeps what must not be served: the source maps (built "hidden", without a
 * sourceMappingURL comment, for decoding a production stack trace) and the chunk manifest
 * (.vite/manifest.json). Beside the output folder (dist-private/ for dist/), not in it, so no web
 * server can hand them out.
 */
export const privateDirOf = (outDir: string) => `${outDir}-private`;

const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;

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
  plugins: [react(), tailwindcss(), bundleModules(), releaseFiles()],
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
  },
});
