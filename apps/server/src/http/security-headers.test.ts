import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../testing/app-for-file';

describe('security headers', () => {
  const t = testAppForFile();

  it.each([
    ['an API answer', '/api/healthz'],
    ['an API error', '/api/users/profile'],
    ['an unknown address', '/no-such-page.txt'],
  ])('%s carries the content security policy and helmet headers', async (_case, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    const directives = Object.fromEntries(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]),
    );
    expect(directives).toEqual({
      'default-src': "'self'",
      'img-src': "'self' data:",
      'style-src': "'self' 'unsafe-inline'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'connect-src': "'self'",
      'base-uri': "'self'",
      'font-src': "'self' https: data:",
      'form-action': "'self'",
      'frame-ancestors': "'self'",
      'object-src': "'none'",
      'upgrade-insecure-requests': '',
    });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
