import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { findModuleLoops } from './module-loops';

/** `npm run check:cycles`, second half: fails when two modules of the server import each other. */
const source = fileURLToPath(new URL('../src', import.meta.url));
const tsConfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
const files = (await madge(source, { fileExtensions: ['ts'], tsConfig })).obj();
const loops = findModuleLoops(files);
for (const loop of loops) console.error(`Module loop: ${loop.join(' <-> ')}`);
if (loops.length > 0) process.exit(1);
console.log(`No module loop among the server's modules (${Object.keys(files).length} files read).`);
