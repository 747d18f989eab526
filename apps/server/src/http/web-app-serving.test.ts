import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Uplink</title><div id="root"></div>');
    writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
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

  it('serves hashed assets as immutable files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toContain('immutable');
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

  it('reaches the file beside the web root from the file system (the probe above is real)', () => {
    expect(readFileSync(path.join(distDir, '..', secretName), 'utf8')).toBe(secretContent);
  });
});
