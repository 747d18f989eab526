import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { BscNetwork } from '@uplink/contract/constants';
import { modulePreloadLink, webBuildFiles } from '@uplink/contract/web-build';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Files the build writes beside the ones it serves, never answered themselves: the brotli and
 * gzip twins are representations of their original (sent by Accept-Encoding), a source map
 * would hand out the source (the build keeps maps outside dist/ too; this holds for any dist),
 * and the preload list is the server's input, not a page.
 */
const unservedExtensions = new Set(['.br', '.gz', '.map']);
const unservedFiles = new Set<string>([webBuildFiles.pagePreloads]);

/** What the server tells the web app that a build cannot know: read by apps/web/src/config/explorer.ts. */
export interface WebAppSettings {
  bscNetwork: BscNetwork;
}

/**
 * The built single-page app: files as they are, every other non-API path answered by index.html
 * (with the deployment's settings written into it); `/` by landing.html where the build wrote it,
 * the same page with the landing page prerendered in it (apps/web/src/prerender.tsx) and started
 * by a script of its own (apps/web/src/landing-entry.tsx).
 * A path naming a file that does not exist (a stale chunk after a deploy, an icon a browser
 * guesses) gets a real 404, not the app's HTML under a 200; so does any path that is not a plain
 * path inside the build (`..` or `.` segments however encoded, dotfiles, backslashes, NUL).
 *
 * Text files are sent as the build precompressed them (brotli, else gzip, as Accept-Encoding
 * allows, `Vary: Accept-Encoding`); Range and conditional requests are answered by @fastify/send.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string, settings: WebAppSettings): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) return;
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const indexPage = renderIndexPage(indexHtml, settings);
  const landingPage = existsSync(path.join(distDir, webBuildFiles.landing))
    ? renderIndexPage(readFileSync(path.join(distDir, webBuildFiles.landing), 'utf8'), settings)
    : indexPage;
  const preloadingPages = pagesWithPreloads(distDir, indexHtml, settings);
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(response, servedPath) {
      response.setHeader('cache-control', cacheControlOf(path.relative(distDir, servedPath)));
      response.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/')) return reply.callNotFound();
    const file = webAppFileOf(pathname);
    if (file === null) return reply.callNotFound();
    if (file === '' || file === webBuildFiles.landing) return sendIndexPage(request, reply, landingPage);
    if (!path.extname(file) || file === 'index.html') {
      return sendIndexPage(request, reply, preloadingPages.get(pathname) ?? indexPage);
    }
    return isServedFile(distDir, file) ? reply.sendFile(file) : reply.callNotFound();
  });
}

interface IndexPage {
  /** The page in each encoding, with its entity tag. */
  representations: Record<'identity' | 'br' | 'gzip', { body: Buffer; etag: string }>;
}

/** A file of the build's assets folder, as the build names its chunks. */
const assetFile = /^assets\/[\w.-]+\.js$/;

/**
 * index.html for each address page-preloads.json names, with a `<link rel="modulepreload">` for
 * each chunk its screen and frame load: they download beside the app's entry, where the router
 * would only ask for them once the entry has run.
 */
function pagesWithPreloads(distDir: string, indexHtml: string, settings: WebAppSettings): Map<string, IndexPage> {
  const file = path.join(distDir, webBuildFiles.pagePreloads);
  if (!existsSync(file)) return new Map();
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return new Map(
    Object.entries(preloads).map(([pathname, files]) => {
      const odd = files.find((chunk) => !assetFile.test(chunk));
      if (!pathname.startsWith('/') || odd !== undefined) {
        throw new Error(
          `${webBuildFiles.pagePreloads}: ${pathname} names ${odd ?? 'no address'}, not a chunk of the build`,
        );
      }
      const links = files.map((chunk) => `  ${modulePreloadLink(chunk)}\n  `).join('');
      return [pathname, renderIndexPage(indexHtml.replace('</head>', `${links}</head>`), settings)];
    }),
  );
}

/**
 * A page of the app (index.html or landing.html) with the settings as meta elements in its head,
 * built and compressed once at start: the page is about 1 KB (the landing 44 KB, 8 KB in brotli),
 * and it is what every navigation loads first.
 */
function renderIndexPage(html: string, settings: WebAppSettings): IndexPage {
  const page = Buffer.from(
    html.replace('</head>', `  <meta name="uplink-bsc-network" content="${settings.bscNetwork}" />\n  </head>`),
  );
  const tag = createHash('sha256').update(page).digest('base64url').slice(0, 22);
  return {
    representations: {
      identity: { body: page, etag: `"${tag}"` },
      br: { body: brotliCompressSync(page), etag: `"${tag}-br"` },
      gzip: { body: gzipSync(page, { level: 9 }), etag: `"${tag}-gz"` },
    },
  };
}

function sendIndexPage(request: FastifyRequest, reply: FastifyReply, page: IndexPage) {
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ['br', 'gzip']) : null;
  const { body, etag } = page.representations[encoding ?? 'identity'];
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

/**
 * The path a request names inside the build (decoded, without its leading slash), or null when
 * it names nothing the app serves.
 */
function webAppFileOf(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  if (unservedExtensions.has(path.extname(decoded))) return null;
  const file = segments.join('/');
  return unservedFiles.has(file) ? null : file;
}

function isServedFile(distDir: string, file: string): boolean {
  return statSync(path.join(distDir, file), { throwIfNoEntry: false })?.isFile() ?? false;
}

/**
 * Vite names built assets by content hash, so they never change under the same name; index.html
 * must always be revalidated so a deploy reaches every browser. `servedFile` may be a .br or .gz
 * twin: it is cached as its original.
 */
function cacheControlOf(servedFile: string): string {
  const original = servedFile.replace(/\.(br|gz)$/, '');
  if (original.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (original === 'index.html' || original === webBuildFiles.landing) return 'no-cache';
  return 'public, max-age=3600';
}
