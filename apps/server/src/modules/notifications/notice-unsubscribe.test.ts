import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createMember, sessionHeaders } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listUnsubscribeHeaders, unsubscribePageUrl } from './notice-unsubscribe';

describe('one-click unsubscribe from a notice (RFC 8058, POST /api/users/notifications/unsubscribe)', () => {
  let t: TestApp;
  let member: UserRow;
  let other: UserRow;
  beforeAll(async () => {
    t = await createTestApp({ unsubscribeMailbox: 'stop-notices@uplink.test' });
    member = await createMember(t.database.db);
    other = await createMember(t.database.db);
  }, 180_000);
  afterAll(() => t?.close());

  /** The link of a notice's List-Unsubscribe header, as a path and query. */
  const linkOf = (memberId: string, kind: 'forfeitWarning' | 'cycleSummary') => {
    const header = listUnsubscribeHeaders(t.config, memberId, kind)['List-Unsubscribe'];
    const url = new URL(header.split(', ')[0]?.slice(1, -1) ?? '');
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
        headers: sessionHeaders(t.app, who),
      })
    ).json().data;

  /** What the unsubscribe page asks on opening: the link's kind and whether it is on. */
  const opened = (link: string) => t.app.inject({ method: 'GET', url: link });

  it('carries both headers: the https one-click link on the public address, then the configured mailbox', () => {
    const headers = listUnsubscribeHeaders(t.config, member.id, 'forfeitWarning');
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/uplink\.test\/api\/users\/notifications\/unsubscribe\?m=[0-9a-f-]{36}&k=forfeitWarning&s=[0-9a-f]{64}>, <mailto:stop-notices@uplink\.test\?subject=unsubscribe%20forfeitWarning>$/,
    );
  });

  it("links the web page with the same signed query as the mail client's one-click link", () => {
    const page = new URL(unsubscribePageUrl(t.config, member.id, 'forfeitWarning'));
    expect(`${page.origin}${page.pathname}`).toBe('http://uplink.test/unsubscribe');
    expect(page.search).toBe(new URL(linkOf(member.id, 'forfeitWarning'), 'http://x').search);
  });

  it('turns off that kind only, and clicking again changes nothing; the page sees the kind on, then off', async () => {
    const link = linkOf(member.id, 'forfeitWarning');
    expect((await opened(link)).json().data).toEqual({ kind: 'forfeitWarning', on: true });
    expect((await preferencesOf(member)).forfeitWarning).toBe(true);
    for (const alreadyOff of [false, true]) {
      const answer = await oneClick(link);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        success: true,
        message: 'Unsubscribed',
        data: { kind: 'forfeitWarning', alreadyOff },
      });
    }
    expect((await opened(link)).json().data).toEqual({ kind: 'forfeitWarning', on: false });
    expect(await preferencesOf(member)).toEqual({
      rewardLocked: true,
      forfeitWarning: false,
      cycleSummary: true,
      subscriptionEnding: true,
      invitationReminder: true,
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
      for (const answer of [await oneClick(attempt), await opened(attempt)]) {
        expect(answer.statusCode, attempt).toBe(400);
        expect(answer.json().errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
      }
    }
    expect((await preferencesOf(other)).cycleSummary).toBe(true);
    expect((await preferencesOf(other)).forfeitWarning).toBe(true);
  });

  it('refuses the signed link of a member who no longer exists, writing nothing', async () => {
    // A link from before a restore to an older backup, say: the member row it names is gone. The
    // preference row it wrote had no member to belong to, and the foreign key made it a 500.
    const gone = crypto.randomUUID();
    const link = linkOf(gone, 'cycleSummary');
    for (const answer of [await opened(link), await oneClick(link)]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ errorCode: 'INVALID_OR_EXPIRED_TOKEN' });
    }
    const { rows } = await sql`SELECT 1 FROM notification_preferences WHERE user_id = ${gone}`.execute(t.database.db);
    expect(rows).toEqual([]);
  });

  it('refuses a malformed link as a validation error', async () => {
    const answer = await oneClick(`/api/users/notifications/unsubscribe?m=${member.id}&k=passwordChanged&s=00`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
  });
});
