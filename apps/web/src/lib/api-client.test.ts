import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../testing/browser-storage';
import { api, onSessionRejected, sessionEndReason, toQueryString } from './api-client';
import { ApiError } from './api-error';

function replyWith(body: string, status: number, contentType = 'application/json') {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  stubBrowserStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toQueryString', () => {
  it('flattens nested objects as key[sub] and leaves out empty values', () => {
    const query = toQueryString({
      page: 2,
      search: '',
      status: undefined,
      filter: { level: 3, type: 'DIRECT', note: null, range: { from: '2026-01-01' } },
      active: false,
    });
    expect(query).toBe(
      'page=2&filter%5Blevel%5D=3&filter%5Btype%5D=DIRECT&filter%5Brange%5D%5Bfrom%5D=2026-01-01&active=false',
    );
    expect(decodeURIComponent(query)).toBe(
      'page=2&filter[level]=3&filter[type]=DIRECT&filter[range][from]=2026-01-01&active=false',
    );
  });

  it('encodes hostile values so they cannot add parameters', () => {
    expect(toQueryString({ search: 'a&admin=true #x' })).toBe('search=a%26admin%3Dtrue%20%23x');
  });

  it('gives an empty string when every value is empty', () => {
    expect(toQueryString({ search: '', nested: { a: undefined } })).toBe('');
  });
});

describe('api requests', () => {
  it('turns a non-OK reply without a JSON body into a NETWORK_ERROR', async () => {
    replyWith('<html>502 Bad Gateway</html>', 502, 'text/html');
    const failure = await api.get('/users/profile').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('NETWORK_ERROR');
    expect((failure as ApiError).status).toBe(502);
  });

  it('turns a failed connection into a NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const failure = await api.post('/users/login', {}).catch((error: unknown) => error);
    expect((failure as ApiError).code).toBe('NETWORK_ERROR');
    expect((failure as ApiError).status).toBe(0);
  });

  it("keeps the server's code, message and field errors of a failure envelope", async () => {
    replyWith(
      JSON.stringify({
        success: false,
        message: 'Validation failed',
        data: { errors: [{ field: 'email', message: 'Email is invalid' }] },
        error: 'Bad Request',
        errorCode: 'VALIDATION_ERROR',
      }),
      400,
    );
    const failure = (await api.post('/users/register', {}).catch((error: unknown) => error)) as ApiError;
    expect(failure.code).toBe('VALIDATION_ERROR');
    expect(failure.message).toBe('Validation failed');
    expect(failure.fieldMessages).toEqual(['Email is invalid']);
  });

  it('maps an unknown error code to UNKNOWN_ERROR and reads requiresVerification', async () => {
    replyWith(
      JSON.stringify({
        success: false,
        message: 'Nope',
        data: null,
        error: null,
        errorCode: 'MADE_UP',
        requiresVerification: true,
      }),
      403,
    );
    const failure = (await api.post('/users/login', {}).catch((error: unknown) => error)) as ApiError;
    expect(failure.code).toBe('UNKNOWN_ERROR');
    expect(failure.requiresVerification).toBe(true);
  });

  it('sends the stored token as a bearer header, or the one given for the call', async () => {
    const envelope = JSON.stringify({ success: true, message: 'ok', data: { id: 1 }, error: null, errorCode: null });
    const fetchMock = replyWith(envelope, 200);
    localStorage.setItem('token', 'stored-token');
    const reply = await api.get<{ id: number }>('/users/profile', { query: { page: 1 } });
    expect(reply.data).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/profile?page=1');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer stored-token');

    const overrideMock = replyWith(envelope, 200);
    await api.get('/users/profile', { token: 'fresh-token' });
    const [, overrideInit] = overrideMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((overrideInit.headers as Record<string, string>).authorization).toBe('Bearer fresh-token');
  });

  it('sends no authorization header without a token', async () => {
    const fetchMock = replyWith(
      JSON.stringify({ success: true, message: '', data: null, error: null, errorCode: null }),
      200,
    );
    await api.post('/users/forgot-password', { email: 'a@b.co' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
    expect(init.body).toBe('{"email":"a@b.co"}');
  });
});

describe('a refused session token', () => {
  const unauthorized = JSON.stringify({
    success: false,
    message: 'Your session has ended',
    data: null,
    error: null,
    errorCode: 'UNAUTHORIZED',
  });

  const refusal = (errorCode: string, message: string) =>
    JSON.stringify({ success: false, message, data: null, error: message, errorCode });

  it('tells the listeners when the stored token is refused', async () => {
    const listener = vi.fn();
    const stop = onSessionRejected(listener);
    localStorage.setItem('token', 'expired-token');
    replyWith(unauthorized, 401);
    await api.get('/rewards/user').catch(() => undefined);
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
  });

  it('ends the session, saying why, when any call finds the account locked or disabled', async () => {
    const listener = vi.fn();
    const stop = onSessionRejected(listener);
    localStorage.setItem('token', 'stored-token');
    replyWith(refusal('ACCOUNT_LOCKED', 'Your account is locked. Please contact support.'), 423);
    const locked = await api.put('/users/bingx-uid', { bingXUID: '10000001' }).catch((error: unknown) => error);
    replyWith(refusal('ACCOUNT_DISABLED', 'Your account is disabled. Please contact support.'), 403);
    await api.get('/users/referral-tree').catch(() => undefined);
    stop();
    expect(listener.mock.calls).toEqual([
      ['ACCOUNT_LOCKED', 'Your account is locked. Please contact support.'],
      ['ACCOUNT_DISABLED', 'Your account is disabled. Please contact support.'],
    ]);
    // The caller still gets the refusal, with its code.
    expect((locked as ApiError).code).toBe('ACCOUNT_LOCKED');
  });

  it('keeps the session for refusals that say nothing about it (other 403s, validation, rate limits)', async () => {
    const listener = vi.fn();
    const stop = onSessionRejected(listener);
    localStorage.setItem('token', 'stored-token');
    for (const [code, status] of [
      ['FORBIDDEN', 403],
      ['EMAIL_NOT_VERIFIED', 403],
      ['VALIDATION_ERROR', 400],
      ['RATE_LIMITED', 429],
    ] as const) {
      replyWith(refusal(code, 'refused'), status);
      await api.get('/users/profile').catch(() => undefined);
    }
    stop();
    expect(listener).not.toHaveBeenCalled();
  });

  it('maps each refusal to the reason a session ends, one per code', () => {
    expect(sessionEndReason(401, 'UNAUTHORIZED')).toBe('UNAUTHORIZED');
    expect(sessionEndReason(423, 'ACCOUNT_LOCKED')).toBe('ACCOUNT_LOCKED');
    expect(sessionEndReason(403, 'ACCOUNT_DISABLED')).toBe('ACCOUNT_DISABLED');
    expect(sessionEndReason(401, 'ADMIN_SUSPENDED')).toBe('ADMIN_SUSPENDED');
    expect(sessionEndReason(403, 'FORBIDDEN')).toBeNull();
  });

  it('stays quiet for a 401 without a stored token (wrong password) or for a token being checked', async () => {
    const listener = vi.fn();
    const stop = onSessionRejected(listener);
    replyWith(unauthorized, 401);
    await api.post('/users/login', {}).catch(() => undefined);
    replyWith(refusal('ACCOUNT_LOCKED', 'Too many failed password attempts.'), 423);
    await api.post('/users/login', {}).catch(() => undefined);
    localStorage.setItem('token', 'stored-token');
    replyWith(unauthorized, 401);
    await api.get('/users/profile', { token: 'candidate-token' }).catch(() => undefined);
    stop();
    expect(listener).not.toHaveBeenCalled();
  });
});
