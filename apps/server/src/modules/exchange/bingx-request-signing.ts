import { createHmac } from 'node:crypto';

/**
 * BingX signs the query string: every parameter plus `timestamp` (ms), sorted by key in ASCII
 * order, joined as `k=v&…` without URL-encoding; the signature is the hex HMAC-SHA256 of that
 * string with the API secret, appended as `signature=`.
 */
export function signedQuery(params: Record<string, string | number>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  const signature = createHmac('sha256', secret).update(canonical).digest('hex');
  return `${canonical}&signature=${signature}`;
}
