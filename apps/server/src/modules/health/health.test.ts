import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import { createTestApp } from '../../testing/test-app';

describe('health and the envelope', () => {
  const t = testAppForFile();

  it('reports liveness and readiness', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ success: true, message: 'OK', data: { status: 'ok' }, error: null, errorCode: null });
    const ready = await t.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.json().data).toEqual({ status: 'ready' });
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND', data: null });
  });

  it('tags every reply with a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty('/api/readyz');
  });

  it('serves no OpenAPI document where it is not public (production, unless API_DOCS_PUBLIC=true)', async () => {
    const hidden = await createTestApp({ apiDocsPublic: false });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        expect((await hidden.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await hidden.close();
    }
  });
});
