import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import { createMember, registrationBody, sessionHeaders } from '../../testing/builders';
import { followInviteeStages } from './invitee-stages-job';

const browser =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

describe('visits of an invitation link, counted first-party', () => {
  // One trusted proxy, so the client address comes from X-Forwarded-For as it would in production.
  const t = testAppForFile({ trustedProxyHops: 1 });

  const visit = (code: string, from: { address: string; userAgent?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/referrals/visits',
      headers: {
        'x-forwarded-for': from.address,
        ...(from.userAgent === undefined ? {} : { 'user-agent': from.userAgent }),
      },
      payload: { referralCode: code },
    });
  const visitsOf = async (member: UserRow, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/referrals/funnel${query}`,
      headers: sessionHeaders(t.app, member),
    });
    return response.json().data.steps[0].count as number;
  };

  it('says who invited the visitor by first name only, and counts each visitor once a day', async () => {
    const sponsor = await createMember(t.database.db, { firstName: 'Maya' });
    t.clock.set(new Date('2026-12-01T10:00:00Z'));
    const first = await visit(sponsor.referral_code.toLowerCase(), { address: '203.0.113.7', userAgent: browser });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ referralCode: sponsor.referral_code, inviterFirstName: 'Maya' });
    expect(first.body).not.toContain(sponsor.email);
    expect(first.body).not.toContain(sponsor.last_name);

    await visit(sponsor.referral_code, { address: '203.0.113.7', userAgent: browser });
    t.clock.set(new Date('2026-12-01T23:59:00Z'));
    await visit(sponsor.referral_code, { address: '203.0.113.7', userAgent: browser });
    expect(await visitsOf(sponsor)).toBe(1);

    // Another address, or another browser on the same address, is another visitor.
    await visit(sponsor.referral_code, { address: '198.51.100.20', userAgent: browser });
    await visit(sponsor.referral_code, { address: '203.0.113.7', userAgent: `${browser} Firefox/133.0` });
    expect(await visitsOf(sponsor)).toBe(3);

    // A new day counts the same visitor again.
    t.clock.set(new Date('2026-12-02T08:00:00Z'));
    await visit(sponsor.referral_code, { address: '203.0.113.7', userAgent: browser });
    expect(await visitsOf(sponsor, '?from=2026-12-01&to=2026-12-02')).toBe(4);
    expect(await visitsOf(sponsor, '?from=2026-12-02&to=2026-12-02')).toBe(1);
  });

  it('does not count bots that say so, nor a request without a user agent', async () => {
    const sponsor = await createMember(t.database.db);
    for (const userAgent of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'TelegramBot (like TwitterBot)',
      'WhatsApp/2.23.20.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      undefined,
    ]) {
      const answer = await visit(sponsor.referral_code, { address: '203.0.113.9', userAgent });
      expect(answer.statusCode, userAgent).toBe(200);
    }
    expect(await visitsOf(sponsor)).toBe(0);
  });

  it('stores no client address, only keyed hashes, and forgets them after the day', async () => {
    const sponsor = await createMember(t.database.db);
    t.clock.set(new Date('2026-12-05T12:00:00Z'));
    await visit(sponsor.referral_code, { address: '192.0.2.123', userAgent: browser });
    for (const table of [
      'invitation_visitors',
      'invitation_visits',
      'invitation_visit_totals',
      'invitation_link_totals',
    ]) {
      const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(table)} t`.execute(
        t.database.db,
      );
      expect(rows.length, table).toBeGreaterThan(0);
      for (const { row } of rows) {
        expect(row, table).not.toContain('192.0.2.123');
        expect(row, table).not.toContain('c0000201'); // the address as bytes
        expect(row, table).not.toContain('iPhone');
      }
    }
    const { rows: keys } = await sql<{ visitor_key: Buffer }>`
      SELECT visitor_key FROM invitation_visitors WHERE sponsor_id = ${sponsor.id}`.execute(t.database.db);
    expect(keys).toHaveLength(1);
    expect(keys[0]?.visitor_key).toHaveLength(32);

    await followInviteeStages(t.database.db, new Date('2026-12-07T00:00:00Z'));
    const { rows: left } = await sql`SELECT 1 FROM invitation_visitors WHERE sponsor_id = ${sponsor.id}`.execute(
      t.database.db,
    );
    expect(left).toEqual([]);
    expect(await visitsOf(sponsor, '?from=2026-12-05&to=2026-12-05')).toBe(1);
  });

  it('refuses a code that names nobody, and a deleted member’s', async () => {
    const deleted = await createMember(t.database.db, { columns: { deleted_at: new Date() } });
    for (const code of ['NOSUCHCODE', deleted.referral_code]) {
      const answer = await visit(code, { address: '203.0.113.7', userAgent: browser });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errorCode).toBe('INVALID_REFERRAL_CODE');
    }
    for (const payload of [
      {},
      { referralCode: 'AB' },
      { referralCode: 'A'.repeat(40) },
      { referralCode: 'ABC\u0000DEF' },
    ]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/referrals/visits', payload });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
    }
  });

  it('keeps which registrations came through the link', async () => {
    t.clock.set(new Date());
    const sponsor = await createMember(t.database.db);
    for (const throughLink of [true, false, undefined]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: registrationBody(sponsor.referral_code, throughLink === undefined ? {} : { throughLink }),
      });
      expect(answer.statusCode).toBe(201);
    }
    const funnel = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/funnel',
      headers: sessionHeaders(t.app, sponsor),
    });
    expect(funnel.json().data).toMatchObject({ registeredThroughLink: 1 });
    expect(funnel.json().data.steps[1]).toMatchObject({ step: 'REGISTERED', count: 3 });
  });
});
