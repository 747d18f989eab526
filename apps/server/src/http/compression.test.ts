import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChain, bearer, createMember, signIn } from '../testing/builders';
import { createTestApp, type TestApp } from '../testing/test-app';
import { compressionThresholdBytes } from './compression';

describe('compressing API answers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const member = await createMember(t.database.db);
    await addChain(t.database.db, member, 6);
    token = await signIn(t.app, member.email);
  });
  afterAll(() => t?.close());

  const downline = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/referrals/history?maxLevel=15',
      headers: { ...bearer(token), ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
    });

  it('sends an answer over 1 KB as brotli, else gzip, as the client accepts', async () => {
    const plain = await downline();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThresholdBytes);
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await downline(acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('sends identity to a client that refuses both encodings', async () => {
    const response = await downline('br;q=0, gzip;q=0');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ success: true });
  });

  it('leaves small answers as they are', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/healthz', headers: { 'accept-encoding': 'br' } });
    expect(response.rawPayload.length).toBeLessThan(compressionThresholdBytes);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the OpenAPI document and the metrics, which machines fetch', async () => {
    for (const url of ['/api/docs/json', '/api/metrics']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
    }
  });
});
