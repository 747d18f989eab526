import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('every failure is an envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A raw body of this content type to the sign-in route, whose body is JSON. */
  const postToSignIn = (contentType: string, payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': contentType }, payload });

  it('refuses a body that is not JSON with 400 BAD_REQUEST', async () => {
    const response = await postToSignIn('application/json', '{"email":');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'BAD_REQUEST', data: null });
  });

  it('refuses an unsupported content type', async () => {
    const response = await postToSignIn('application/xml', '<login/>');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
  });

  it('refuses a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await postToSignIn(
      'application/json',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(70 * 1024) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'PAYLOAD_TOO_LARGE' });
  });

  it('turns a crash into 500 INTERNAL_SERVER_ERROR without leaking the cause', async () => {
    const crashing = await createTestApp();
    const token = crashing.app.context.sessionTokens.sign(randomUUID());
    await crashing.database.close();
    const response = await crashing.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    await crashing.app.close();
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      success: false,
      message: 'Internal server error',
      data: null,
      error: 'Internal server error',
      errorCode: 'INTERNAL_SERVER_ERROR',
    });
    expect(response.body).not.toMatch(/at .*\.ts|stack|destroyed|ECONN/i);
  });
});
