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
  plugins: [react(), tailwindcss(), releaseFiles()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden', manifest: true },
});
