import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built single-page app: files as they are, every other non-API path answered by index.html.
 * A path naming a file that does not exist (a stale chunk after a deploy, an icon a browser
 * guesses) gets a real 404, not the app's HTML under a 200.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) return;
  const assetsDir = path.join(distDir, 'assets');
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(response, filePath) {
      // Vite names built assets by content hash, so they never change under the same name;
      // index.html must always be revalidated so a deploy reaches every browser.
      const cacheControl = filePath.startsWith(assetsDir)
        ? 'public, max-age=31536000, immutable'
        : filePath.endsWith('index.html')
          ? 'no-cache'
          : 'public, max-age=3600';
      response.setHeader('cache-control', cacheControl);
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const file = request.url.split('?')[0] ?? '/';
    if (file.startsWith('/api/')) {
      return reply.callNotFound();
    }
    if (path.extname(file)) {
      return existsSync(path.join(distDir, file)) ? reply.sendFile(file) : reply.callNotFound();
    }
    return reply.sendFile('index.html');
  });
}
