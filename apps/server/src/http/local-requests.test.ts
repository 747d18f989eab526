import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../testing/app-for-file';

/**
 * Headers by which a proxy says whom it relays (or a client pretends one did). Listed here on
 * their own, not imported: a header the shared rule forgets fails this test.
 */
const forwardingHeaders: Record<string, string> = {
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-host': 'uplink.example.com',
  'x-forwarded-proto': 'https',
  'x-forwarded-port': '443',
  forwarded: 'for=203.0.113.9;proto=https',
  'x-real-ip': '203.0.113.9',
  via: '1.1 proxy.example.com',
  'x-client-ip': '203.0.113.9',
  'cf-connecting-ip': '203.0.113.9',
  'true-client-ip': '203.0.113.9',
  'fastly-client-ip': '203.0.113.9',
  'x-cluster-client-ip': '203.0.113.9',
};

/** The pages and routes that answer this machine only: the metrics and every dev tool. */
const localOnly: { label: string; request: InjectOptions; answersLocally: number }[] = [
  { label: 'the metrics', request: { method: 'GET', url: '/api/metrics' }, answersLocally: 200 },
  { label: 'the mailbox API', request: { method: 'GET', url: '/api/dev/mailbox' }, answersLocally: 200 },
  { label: 'the mailbox page', request: { method: 'GET', url: '/dev/mailbox' }, answersLocally: 200 },
  {
    label: 'demo payments',
    request: { method: 'POST', url: '/api/dev/demo-pay', payload: { email: 'nobody@example.test' } },
    // No demo chain in tests: the route answers as if it did not exist.
    answersLocally: 404,
  },
];

describe('pages and routes for this machine only (metrics, dev mailbox, demo payments)', () => {
  const t = testAppForFile({ devToolsEnabled: true });

  it.each(localOnly)('answers $label to a caller on this machine', async ({ request, answersLocally }) => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await t.app.inject({ ...request, remoteAddress });
      expect({ remoteAddress, status: response.statusCode }).toEqual({ remoteAddress, status: answersLocally });
    }
  });

  it.each(localOnly)(
    'refuses $label to a request relayed by a proxy, whichever header says so',
    async ({ request }) => {
      const answers = [];
      for (const [name, value] of Object.entries(forwardingHeaders)) {
        const response = await t.app.inject({ ...request, remoteAddress: '127.0.0.1', headers: { [name]: value } });
        answers.push({ header: name, status: response.statusCode, errorCode: response.json().errorCode });
      }
      expect(answers).toEqual(
        Object.keys(forwardingHeaders).map((header) => ({ header, status: 403, errorCode: 'FORBIDDEN' })),
      );
    },
  );

  it.each(localOnly)('refuses $label to another machine', async ({ request }) => {
    const response = await t.app.inject({ ...request, remoteAddress: '192.0.2.10' });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('verify-email');
  });
});
