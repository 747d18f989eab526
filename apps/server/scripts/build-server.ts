/**
 * `npm run build -w @uplink/server`: the server as plain JavaScript in apps/server/dist, so that a
 * release starts with `node apps/server/dist/main.js` and needs neither tsx nor any other
 * devDependency. Our own code (the server and the contract package) is bundled; every npm package
 * stays an import of node_modules, installed by `npm ci --omit=dev`.
 *
 * dist/ sits beside src/, so paths the code takes from its own folder (`import.meta.dirname`:
 * DATA_DIR's default, the web app's dist, hardhat.config.cjs) resolve alike from either.
 */
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { releaseCommands } from './release-commands';

const serverRoot = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverRoot, 'dist');

/** Entry points: the server, and the operator's commands that run against the same database. */
const entryPoints = Object.fromEntries(
  Object.values(releaseCommands).map(({ compiled, source }) => [compiled, source]),
);

/** npm packages are loaded from node_modules at run time; only the workspace's own packages are bundled. */
const packagesFromNodeModules: Plugin = {
  name: 'packages-from-node-modules',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@uplink/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverRoot,
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Readable stack traces in production logs without source maps (a release ships none): no
  // minification, names kept, one file per entry point and shared chunk.
  keepNames: true,
  sourcemap: false,
  plugins: [packagesFromNodeModules],
  logLevel: 'warning',
});
// Hardhat (local mode's demo chain) finds its configuration beside the code that starts it; the
// release leaves it out (release-folder.ts), as production runs no demo chain.
copyFileSync(path.join(serverRoot, 'src/chain/hardhat.config.cjs'), path.join(outdir, 'hardhat.config.cjs'));
console.log(`server built: ${path.relative(process.cwd(), outdir)}/{${Object.keys(entryPoints).join(',')}}.js`);
