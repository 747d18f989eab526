import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * GET with the path sent exactly as written. `app.inject` (like fetch) parses the URL first,
 * which resolves `..` segments before the server sees them: a traversal probe must go raw.
 */
function rawGet(baseUrl: URL, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: baseUrl.hostname, port: baseUrl.port, path: rawPath }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** A file beside the web root, that no URL may reach. */
const secretName = 'server-secret.txt';
const secretContent = 'jwt-secret-that-must-never-be-served';

/** A built chunk as the build leaves it: the file and its brotli and gzip twins. */
const chunk = `export const landing = ${JSON.stringify('Uplink '.repeat(400))};\n`;
function writeWithTwins(file: string, content: string): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

describe('serving the built web app', () => {
  let t: TestApp;
  let root: string;
  let distDir: string;
  let baseUrl: URL;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'uplink-dist-'));
    distDir = path.join(root, 'dist');
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(path.join(root, secretName), secretContent);
    writeWithTwins(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>Uplink</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeWithTwins(path.join(distDir, 'assets', 'landing-def456.js'), chunk);
    // A map left in the build by another build setup: it must stay unreachable all the same.
    writeFileSync(path.join(distDir, 'assets', 'landing-def456.js.map'), '{"sources":["../src/landing.tsx"]}');
    writeFileSync(path.join(distDir, 'package.json'), '{"name":"in-the-web-root"}');
    writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ webDistDir: distDir });
    baseUrl = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers client routes with index.html (SPA fallback), never cached', async () => {
    for (const url of ['/', '/dashboard', '/admin/users/123', '/verify-email?token=abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("names the deployment's chain network in the page, for the web app's explorer links", async () => {
    // BSC_CHAIN_ID's default, 56, is the main network.
    const page = await t.app.inject({ method: 'GET', url: '/rewards' });
    expect(page.body).toContain('<meta name="uplink-bsc-network" content="main" />');
    const onTestNetwork = await createTestApp({ webDistDir: distDir, chain: { ...t.config.chain, chainId: 97 } });
    try {
      for (const url of ['/rewards', '/index.html']) {
        const response = await onTestNetwork.app.inject({ method: 'GET', url });
        expect(response.body, url).toContain('<meta name="uplink-bsc-network" content="test" />');
        expect(response.body, url).toContain('<div id="root">');
      }
    } finally {
      await onTestNetwork.close();
    }
  });

  it('answers a revalidation of the page with 304 while it has not changed', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': acceptEncoding };
      const first = await t.app.inject({ method: 'GET', url: '/dashboard', headers });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"/);
      const again = await t.app.inject({ method: 'GET', url: '/', headers: { ...headers, 'if-none-match': etag } });
      expect(again.statusCode, acceptEncoding).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('serves hashed assets as immutable files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed twin the client accepts, brotli first, with Vary', async () => {
    const cases = [
      { acceptEncoding: 'gzip, deflate, br', encoding: 'br', decode: brotliDecompressSync },
      { acceptEncoding: 'gzip', encoding: 'gzip', decode: gunzipSync },
      { acceptEncoding: 'br;q=0.5, gzip;q=1', encoding: 'gzip', decode: gunzipSync },
    ];
    for (const { acceptEncoding, encoding, decode } of cases) {
      for (const url of ['/assets/landing-def456.js', '/dashboard']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
        expect(response.statusCode, `${url} ${acceptEncoding}`).toBe(200);
        expect(response.headers['content-encoding'], `${url} ${acceptEncoding}`).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['content-type']).toMatch(url.endsWith('.js') ? /javascript/ : /text\/html/);
        expect(decode(response.rawPayload).toString()).toContain(url.endsWith('.js') ? chunk : '<div id="root">');
      }
    }
    const twin = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(twin.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/landing-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the file as it is to a client that refuses every encoding or names none', async () => {
    for (const headers of [{ 'accept-encoding': 'br;q=0, gzip;q=0' }, { 'accept-encoding': 'identity' }, {}]) {
      const response = await t.app.inject({ method: 'GET', url: '/assets/landing-def456.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(response.body).toBe(chunk);
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(chunk)));
    }
  });

  it('answers Range requests on an asset with the bytes asked for, or 416 beyond its end', async () => {
    const part = await t.app.inject({
      method: 'GET',
      url: '/assets/landing-def456.js',
      headers: { range: 'bytes=7-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 7-19/${Buffer.byteLength(chunk)}`);
    expect(part.body).toBe(chunk.slice(7, 20));
    const tail = await t.app.inject({
      method: 'GET',
      url: '/assets/landing-def456.js',
      headers: { range: 'bytes=-6' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe(chunk.slice(-6));
    // A range of the brotli representation is a range of its bytes, labelled as such.
    const brotli = brotliCompressSync(chunk);
    const encodedPart = await t.app.inject({
      method: 'GET',
      url: '/assets/landing-def456.js',
      headers: { range: 'bytes=0-9', 'accept-encoding': 'br' },
    });
    expect(encodedPart.statusCode).toBe(206);
    expect(encodedPart.headers['content-encoding']).toBe('br');
    expect(encodedPart.headers['content-range']).toBe(`bytes 0-9/${brotli.length}`);
    expect(encodedPart.rawPayload).toEqual(brotli.subarray(0, 10));
    const beyond = await t.app.inject({
      method: 'GET',
      url: '/assets/landing-def456.js',
      headers: { range: `bytes=${Buffer.byteLength(chunk) + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('never serves a source map or a compressed twin by its own name', async () => {
    for (const url of [
      '/assets/landing-def456.js.map',
      '/assets/landing-def456.js.br',
      '/assets/landing-def456.js.gz',
      '/index.html.br',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('../src/landing.tsx');
    }
  });

  it('answers a missing file with 404 rather than the app, so a stale asset or icon fails visibly', async () => {
    for (const url of ['/assets/index-gone123.js', '/favicon.ico', '/apple-touch-icon.png']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });

  it('serves the icons as images', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  it('does not serve a file outside the build directory, however the path is written', async () => {
    const escapes = [
      `/../${secretName}`,
      `/%2e%2e/${secretName}`,
      `/%2E%2E/${secretName}`,
      `/.%2e/${secretName}`,
      `/..%2f${secretName}`,
      `/..%2F${secretName}`,
      `/..%5c${secretName}`,
      `/assets/../../${secretName}`,
      `/assets/%2e%2e/%2e%2e/${secretName}`,
      `/assets/..%2f..%2f${secretName}`,
      `/%252e%252e/${secretName}`,
      `/%252e%252e%252f${secretName}`,
      `/..%252f${secretName}`,
      `//../${secretName}`,
      `/./../${secretName}`,
      `/${root}/${secretName}`,
      `/..%00/${secretName}`,
    ];
    for (const url of escapes) {
      const response = await rawGet(baseUrl, url);
      expect({ url, leaked: response.body.includes(secretContent) }).toEqual({ url, leaked: false });
      // The SPA fallback or a refusal, never the file.
      expect([200, 400, 403, 404], url).toContain(response.status);
    }
  });

  it('answers a traversal to a file of the release with 404, not a refusal that tells it exists', async () => {
    for (const url of ['/assets/..%2f..%2fpackage.json', '/assets/..%2fpackage.json', '/assets/%2e%2e/package.json']) {
      const response = await rawGet(baseUrl, url);
      expect(response.status, url).toBe(404);
      expect(response.body, url).not.toContain('in-the-web-root');
    }
  });

  it('reaches the file beside the web root from the file system (the probe above is real)', () => {
    expect(readFileSync(path.join(distDir, '..', secretName), 'utf8')).toBe(secretContent);
  });
});

describe('serving the prerendered landing page', () => {
  let t: TestApp;
  let distDir: string;
  const indexHtml = '<!doctype html><html><head><title>Uplink</title></head><body><div id="root"></div></body></html>';
  const landingHtml =
    '<!doctype html><html><head><title>Copy trading with rewards · Uplink</title>' +
    '<link rel="modulepreload" crossorigin href="/assets/landing-def456.js"></head>' +
    '<body><div id="root"><main id="main"><h1>Copy a master trader.</h1></main></div></body></html>';
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'uplink-dist-'));
    writeWithTwins(path.join(distDir, 'index.html'), indexHtml);
    writeFileSync(path.join(distDir, 'landing.html'), landingHtml);
    t = await createTestApp({ webDistDir: distDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers / with landing.html, with the settings and never cached, in every encoding', async () => {
    for (const url of ['/', '/?ref=abc', '/landing.html']) {
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
        ['identity', (body: Buffer) => body],
      ] as const) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        const page = decode(response.rawPayload).toString('utf8');
        expect(page, `${url} ${encoding}`).toContain('<h1>Copy a master trader.</h1>');
        expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-def456.js">');
        expect(page).toContain('<meta name="uplink-bsc-network" content="main" />');
      }
    }
  });

  it('answers every other app path with the plain index page, and revalidates each page by its own tag', async () => {
    const landing = await t.app.inject({ method: 'GET', url: '/' });
    for (const url of ['/dashboard', '/signin', '/index.html', '/ref/ABC123']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('Copy a master trader');
      expect(response.headers.etag, url).not.toBe(landing.headers.etag);
    }
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': landing.headers.etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe('serving an app page with the chunks it loads preloaded', () => {
  let t: TestApp;
  let distDir: string;
  const indexHtml =
    '<!doctype html><html><head><title>Uplink</title>' +
    '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
    '<body><div id="root"></div></body></html>';
  const dashboardChunks = ['assets/member-layout-aaa111.js', 'assets/dashboard-bbb222.js'];
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'uplink-dist-'));
    writeWithTwins(path.join(distDir, 'index.html'), indexHtml);
    writeWithTwins(path.join(distDir, 'page-preloads.json'), JSON.stringify({ '/dashboard': dashboardChunks }));
    t = await createTestApp({ webDistDir: distDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers a page the build names with index.html and a modulepreload link for each of its chunks', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
      ['identity', (body: Buffer) => body],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/dashboard?tab=1',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const page = decode(response.rawPayload).toString('utf8');
      for (const chunk of dashboardChunks) {
        expect(page, encoding).toContain(`<link rel="modulepreload" crossorigin href="/${chunk}">`);
      }
      expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(page).toContain('<meta name="uplink-bsc-network" content="main" />');
    }
  });

  it('answers every other app path with the plain index page, each page revalidated by its own tag', async () => {
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard' });
    for (const url of ['/referrals', '/dashboard/', '/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('modulepreload');
      expect(response.headers.etag, url).not.toBe(dashboard.headers.etag);
    }
    const again = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'if-none-match': dashboard.headers.etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('never sends the preload list itself', async () => {
    for (const url of ['/page-preloads.json', '/page-preloads.json?x=1', '/%70age-preloads.json']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, `${url} ${encoding}`).toBe(404);
        expect(response.body).not.toContain('dashboard-bbb222');
      }
    }
  });

  it('refuses to start on a preload list naming anything but a chunk of the build', async () => {
    const badDist = mkdtempSync(path.join(tmpdir(), 'uplink-dist-'));
    try {
      writeFileSync(path.join(badDist, 'index.html'), indexHtml);
      writeFileSync(
        path.join(badDist, 'page-preloads.json'),
        JSON.stringify({ '/dashboard': ['assets/x.js"><script>alert(1)</script>'] }),
      );
      await expect(createTestApp({ webDistDir: badDist })).rejects.toThrow(/not a chunk of the build/);
    } finally {
      rmSync(badDist, { recursive: true, force: true });
    }
  });
});
