/**
 * Routes compose features (bulletproof-react's largest route is under 90 lines): a route file of
 * more than 100 lines (a test of one included) holds page logic that belongs in a feature. Lists
 * every such file and fails.
 *   npx tsx apps/web/scripts/check-route-size.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const routesDir = path.resolve(import.meta.dirname, '../src/app/routes');
const maxLines = 100;

const oversized = readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => ({ file, lines: readFileSync(path.join(routesDir, file), 'utf8').trimEnd().split('\n').length }))
  .filter(({ lines }) => lines > maxLines);

for (const { file, lines } of oversized) {
  console.error(
    `apps/web/src/app/routes/${file}: ${lines} lines (at most ${maxLines}); move its page logic into a feature`,
  );
}
if (oversized.length > 0) process.exitCode = 1;
