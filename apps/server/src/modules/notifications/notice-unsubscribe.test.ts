import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { bearer, createMember } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listUnsubscribeHeaders } from './notice-unsubscribe';

describe('one-click unsubscribe from a notice (RFC 8058, POST /api/users/notifications/unsubscribe)', () => {
  let t: TestApp;
  let member: UserRow;
  let other: UserRow;
  beforeAll(async () => {
    t = await createTestApp();
    member = await createMember(t.database.db);
    other = await createMember(t.database.db);
  }, 180_000);
  afterAll(() => t?.close());

  /** The link of a notice's List-Unsubscribe header, as a path and query. */
  const linkOf = (memberId: string, kind: 'forfeitWarning' | 'cycleSummary') => {
    const header = listUnsubscribeHeaders(t.config, memberId, kind)['List-Unsubscribe'];
    const url = new URL(header.slice(1, -1));
    return `${url.pathname}${url.search}`;
  };
  /** What a mail client sends: a POST of the form `List-Unsubscribe=One-Click`, no session. */
  const oneClick = (link: string) =>
    t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  const preferencesOf = async (who: UserRow) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/users/notifications',
        headers: bearer(t.app.context.sessionTokens.sign(who.id)),
      })
    ).json().data;

  it('carries both headers, the link on the public address', () => {
    const headers = listUnsubscribeHeaders(t.config, member.id, 'forfeitWarning');
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/uplink\.test\/api\/users\/notifications\/unsubscribe\?m=[0-9a-f-]{36}&k=forfeitWarning&s=[0-9a-f]{64}>$/,
    );
  });

  it('turns off that kind only, and clicking again changes nothing', async () => {
    const link = linkOf(member.id, 'forfeitWarning');
    for (let click = 0; click < 2; click += 1) {
      const answer = await oneClick(link);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ success: true, message: 'Unsubscribed' });
    }
    expect(await preferencesOf(member)).toEqual({
      rewardLocked: true,
      forfeitWarning: false,
      cycleSummary: true,
      subscriptionEnding: true,
    });
  });

  it("refuses a forged signature, another member's link and another kind's signature, changing nothing", async () => {
    const link = new URL(linkOf(other.id, 'cycleSummary'), 'http://x');
    const signatureOf = link.searchParams.get('s') ?? '';
    const forged = (change: Record<string, string>) => {
      const altered = new URL(link);
      for (const [key, value] of Object.entries(change)) altered.searchParams.set(key, value);
      return `${altered.pathname}${altered.search}`;
    };
    for (const attempt of [
      forged({ s: `${signatureOf.slice(0, -1)}${signatureOf.endsWith('0') ? '1' : '0'}` }),
      forged({ m: member.id }),
      forged({ k: 'forfeitWarning' }),
    ]) {
      const answer = await oneClick(attempt);
      expect(answer.statusCode, attempt).toBe(400);
      expect(answer.json().errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
    }
    expect((await preferencesOf(other)).cycleSummary).toBe(true);
    expect((await preferencesOf(other)).forfeitWarning).toBe(true);
  });

  it('refuses a malformed link as a validation error', async () => {
    const answer = await oneClick(`/api/users/notifications/unsubscribe?m=${member.id}&k=passwordChanged&s=00`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
  });
});
