import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load-config';
import { sponsorTestAppForFile } from '../../testing/app-for-file';
import { appWithSettings, composeRequestedMail, createMember, registrationBody } from '../../testing/builders';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { listUnsubscribeHeaders } from '../notifications/notice-unsubscribe';

describe('dev mailbox', () => {
  const { t, sponsor } = sponsorTestAppForFile();

  const register = (overrides: Record<string, unknown> = {}) => {
    const body = registrationBody(sponsor.referral_code, overrides);
    return t.app.inject({ method: 'POST', url: '/api/users/register', payload: body }).then(() => body);
  };

  it('lists the mail to one address, newest first, in the shape the browser tests read', async () => {
    const { email } = await register();
    await t.app.inject({ method: 'POST', url: '/api/users/resend-verification-email', payload: { email } });
    await composeRequestedMail(t);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?to=${encodeURIComponent(email.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json().data;
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      expect(message).toEqual({
        id: expect.any(String),
        to: email,
        subject: 'Verify your Uplink email address',
        text: expect.stringContaining('http://uplink.test/verify-email?token='),
        html: expect.stringContaining('href="http://uplink.test/verify-email?token='),
        headers: {},
        status: 'PENDING',
        createdAt: expect.any(String),
      });
    }
    expect(Date.parse(messages[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(messages[1].createdAt));
    const newest = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(messages[0].id).toBe(newest.id);
  });

  it('lists all mail without an address', async () => {
    const first = await register();
    const second = await register();
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    const recipients = response.json().data.messages.map((message: { to: string }) => message.to);
    expect(recipients).toEqual(expect.arrayContaining([first.email, second.email]));
  });

  it('shows a readable page with clickable links and everything escaped', async () => {
    const { email } = await register({ firstName: '<img src=x onerror=alert(1)>' });
    const response = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = response.body;
    expect(page).toContain('<title>Dev mailbox · Uplink</title>');
    expect(page).toContain('Verify your Uplink email address');
    expect(page).toMatch(/<a href="http:\/\/uplink\.test\/verify-email\?token=[\w-]{43}">/);
    expect(page).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(page).not.toContain('<img');
  });

  it("shows a notice's headers, in the answer and on the page", async () => {
    const to = 'notice.reader@example.test';
    const headers = listUnsubscribeHeaders(t.config, (await createMember(t.database.db)).id, 'cycleSummary');
    await enqueueMail(t.database.db, to, { subject: 'A notice', html: '<p>Hi</p>', text: 'Hi' }, { headers });
    const answer = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
    expect(answer.json().data.messages[0].headers).toEqual(headers);
    const page = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(to)}` });
    expect(page.body).toContain('<dt>List-Unsubscribe-Post</dt><dd>List-Unsubscribe=One-Click</dd>');
    expect(page.body).toContain('<dt>List-Unsubscribe</dt>');
  });

  it('escapes the address filter on the page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent('"><script>x</script>')}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('No messages yet');
  });

  it.each(['0.0.0.0', '::', '192.0.2.10'])(
    'does not exist on a server started without NODE_ENV that listens on %s (not loopback)',
    async (host) => {
      const configured = loadConfig({
        HOST: host,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'uplink-exposed-')),
        JWT_SECRET: 'an-exposed-server-secret-that-is-long-enough',
      });
      const exposed = await appWithSettings(t, { host: configured.host, devToolsEnabled: configured.devToolsEnabled });
      try {
        for (const url of ['/api/dev/mailbox', '/api/dev/mailbox?to=a@b.co', '/dev/mailbox']) {
          const response = await exposed.inject({ method: 'GET', url });
          expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
          expect(response.body).not.toContain('verify-email');
        }
        const pay = await exposed.inject({ method: 'POST', url: '/api/dev/demo-pay', payload: { email: 'a@b.co' } });
        expect(pay.statusCode).toBe(404);
      } finally {
        await exposed.close();
      }
    },
  );

  it('does not exist when dev tools are off (production)', async () => {
    const production = await appWithSettings(t, { devToolsEnabled: false });
    try {
      for (const url of ['/api/dev/mailbox', '/api/dev/mailbox?to=a@b.co', '/dev/mailbox']) {
        const response = await production.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('verify-email');
      }
    } finally {
      await production.close();
    }
  });
});
