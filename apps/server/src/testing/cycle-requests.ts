import { expect } from 'vitest';
import { createMember, sessionHeaders } from './builders';
import type { TestApp } from './test-app';

/** A reward cycle's preview or run request (POSTed to `url`) with these session `headers`. */
export const postCycleRequest = (t: TestApp, headers: Record<string, string>, url: string, body: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: body as object });

/**
 * Bodies of a reward cycle's preview and run (one request schema) that are refused with 400
 * VALIDATION_ERROR before anything is read: each named for the test's title.
 */
export const invalidCycleRequests: [string, Record<string, unknown>][] = [
  ['no cycle', { entries: [{ bingXUID: '12345678', masterAmount: 1 }] }],
  ['no cycle for the exchange', { source: 'exchange' }],
  ['a cycle of 0', { cycle: 0, source: 'exchange' }],
  ['a fractional cycle', { cycle: 1.5, source: 'exchange' }],
  ['an unknown source', { cycle: 1, source: 'bank' }],
  [
    'both a statement and a source',
    { cycle: 1, source: 'exchange', entries: [{ bingXUID: '12345678', masterAmount: 1 }] },
  ],
  ['an empty statement', { cycle: 1, entries: [] }],
  ['a UID that is not digits', { cycle: 1, entries: [{ bingXUID: "1' OR 1=1 --", masterAmount: 1 }] }],
  ['a negative amount', { cycle: 1, entries: [{ bingXUID: '12345678', masterAmount: -1 }] }],
  ['nine decimals', { cycle: 1, entries: [{ bingXUID: '12345678', masterAmount: '0.123456789' }] }],
  ['a word for an amount', { cycle: 1, entries: [{ bingXUID: '12345678', masterAmount: 'ten' }] }],
  ['an infinite amount', { cycle: 1, entries: [{ bingXUID: '12345678', masterAmount: '1e400' }] }],
  [
    'a UID twice',
    {
      cycle: 1,
      entries: [
        { bingXUID: '12345678', masterAmount: 1 },
        { bingXUID: '12345678', masterAmount: 2 },
      ],
    },
  ],
];

/** A cycle request (preview or run, POSTed to `url`) is refused to a member (403) and to an anonymous caller (401). */
export async function expectCycleRequestRefusedToNonAdministrators(t: TestApp, url: string): Promise<void> {
  const member = await createMember(t.database.db);
  const payload = { cycle: 1, source: 'exchange' };
  const asMember = await postCycleRequest(t, sessionHeaders(t.app, member), url, payload);
  expect(asMember.statusCode).toBe(403);
  expect(asMember.json().errorCode).toBe('FORBIDDEN');
  const anonymous = await t.app.inject({ method: 'POST', url, payload });
  expect(anonymous.statusCode).toBe(401);
}
