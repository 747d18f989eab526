import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Counter } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/load-config';
import type { DatabaseHandle } from '../../db/database';
import { startJobLock } from '../../jobs/job-lock';
import { metricsRegistry } from '../../metrics-registry';
import { createMember, registrationBody } from '../../testing/builders';
import { type CuttableProxy, startCuttableProxy } from '../../testing/cuttable-proxy';
import { startSmtpServer } from '../../testing/smtp-server';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { enqueueMail } from './mail-outbox-repository';
import { createMailTransport, type MailTransport } from './mail-transport';
import { deliverDueMail } from './mail-worker';

async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const silentLogger = { warn() {}, error() {}, info() {}, debug() {} } as unknown as FastifyInstance['log'];

describe('mail delivery over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let sponsorCode: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
        PUBLIC_URL: 'http://uplink.test',
        DATA_DIR: '/tmp/uplink-test-data',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Uplink <no-reply@uplink.test>',
      }),
      mailRetryBaseMs: 50,
      mailPollIntervalMs: 60_000,
    };
    app = await buildApp({ config, db: database.db, jobLock: startJobLock(database), logger: false });
    await app.ready();
    sponsorCode = (await createMember(database.db)).referral_code;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await smtp?.close();
  });

  // Undefined until the mail is in the outbox (mail asked for by address is written by the worker).
  const outboxRow = (to: string) =>
    database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirst();

  it('delivers the verification mail of a registration right away, in HTML and text, with the right link', async () => {
    const body = registrationBody(sponsorCode, { firstName: '<i>Zoë</i>' });
    const response = await app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    expect(response.statusCode).toBe(201);

    const mail = await eventually(async () => smtp.received.find((m) => m.subject?.startsWith('Verify')), 'the mail');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(body.email);
    expect(mail.from?.value[0]).toMatchObject({ name: 'Uplink', address: 'no-reply@uplink.test' });
    expect(mail.text).toMatch(/http:\/\/uplink\.test\/verify-email\?token=[\w-]{43}/);
    expect(mail.html).toMatch(/href="http:\/\/uplink\.test\/verify-email\?token=[\w-]{43}"/);
    expect(mail.html).toContain('Hello &lt;i&gt;Zoë&lt;/i&gt;,');
    const token = mail.text?.match(/token=([\w-]+)/)?.[1];
    const verified = await app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(200);

    const row = await eventually(async () => {
      const current = await outboxRow(body.email);
      return current?.status === 'SENT' ? current : undefined;
    }, 'the SENT status');
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('sends the reset and verification mail asked for by address, after the answer, to accounts only', async () => {
    const member = await createMember(database.db);
    const unverified = await createMember(database.db, { verified: false });
    const stranger = 'stranger@example.test';
    for (const email of [stranger, member.email]) {
      const forgot = await app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
      expect(forgot.statusCode).toBe(200);
    }
    for (const email of [stranger, member.email, unverified.email]) {
      const resend = await app.inject({
        method: 'POST',
        url: '/api/users/resend-verification-email',
        payload: { email },
      });
      expect(resend.statusCode).toBe(200);
    }
    const addressed = [stranger, member.email, unverified.email];
    const delivered = async () => {
      await app.context.mailWorker.runNow();
      const mails = smtp.received
        .map((mail) => ({ subject: mail.subject, to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '' }))
        .filter((mail) => addressed.includes(mail.to));
      return mails.length >= 2 ? mails : undefined;
    };
    expect(await eventually(delivered, 'two mails')).toEqual(
      expect.arrayContaining([
        { subject: 'Reset your Uplink password', to: member.email },
        { subject: 'Verify your Uplink email address', to: unverified.email },
      ]),
    );
    expect((await delivered())?.length).toBe(2);
    expect(await database.db.selectFrom('account_mail_requests').selectAll().execute()).toEqual([]);
  });

  it('sends a mail with the headers it was stored with (a notice: List-Unsubscribe), and none on essential mail', async () => {
    const link = 'http://uplink.test/api/users/notifications/unsubscribe?m=x&k=cycleSummary&s=00';
    const headers = { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    const notice = { subject: 'A notice', html: '<p>Hi</p>', text: 'Hi' };
    // The same event twice: stored once.
    for (let time = 0; time < 2; time += 1) {
      await enqueueMail(database.db, 'notice@example.test', notice, { headers, eventKey: 'test-notice:1' });
    }
    const mail = await eventually(async () => {
      await app.context.mailWorker.runNow();
      return smtp.received.find((m) => m.subject === 'A notice');
    }, 'the notice');
    // As sent, unfolded (a long header is folded over lines).
    const lineOf = (name: string) =>
      mail.headerLines.find((header) => header.key === name.toLowerCase())?.line.replace(/\r\n/g, '');
    expect(lineOf('List-Unsubscribe')).toBe(`List-Unsubscribe: <${link}>`);
    expect(lineOf('List-Unsubscribe-Post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(
      await database.db.selectFrom('mail_outbox').where('event_key', '=', 'test-notice:1').selectAll().execute(),
    ).toHaveLength(1);
    const verification = smtp.received.find((m) => m.subject?.startsWith('Verify'));
    expect(verification?.headerLines.some((header) => header.key.startsWith('list-'))).toBe(false);
  });

  it('retries after a temporary SMTP failure', async () => {
    const member = await createMember(database.db);
    smtp.state.failNext = 1;
    const before = smtp.received.length;
    await app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: member.email } });

    const failedOnce = await eventually(async () => {
      const current = await outboxRow(member.email);
      return current?.attempts === 1 && current.last_error ? current : undefined;
    }, 'the first failed attempt');
    expect(failedOnce.status).toBe('PENDING');
    expect(failedOnce.last_error).toContain('Mailbox busy');

    const mail = await eventually(async () => {
      await app.context.mailWorker.runNow();
      return smtp.received.slice(before).find((m) => m.subject === 'Reset your Uplink password');
    }, 'the retried mail');
    expect(mail.text).toMatch(/http:\/\/uplink\.test\/reset-password\?token=[\w-]{43}/);
    expect(await outboxRow(member.email)).toMatchObject({ status: 'SENT', attempts: 2 });
  });
});

describe('mail refused for good over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let database: DatabaseHandle;
  const settings = { mailFrom: 'Uplink <no-reply@uplink.test>', mailRetryHours: 72, mailRetryBaseMs: 60_000 };
  let transport: MailTransport;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    transport = createMailTransport({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    transport?.close();
    await database?.close();
    await smtp?.close();
  });
  const code = { subject: 'Your withdrawal code', html: '<p>123456</p>', text: '123456' };
  const queueCode = (to: string) =>
    enqueueMail(database.db, to, code, { oneTime: { kind: 'withdrawal-code', validForMs: 10 * 60_000 } });
  const row = (to: string) =>
    database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();
  const failedCodes = async () => {
    const { values } = await (metricsRegistry.getSingleMetric('uplink_mail_failed_total') as Counter).get();
    return values.find((value) => value.labels.kind === 'withdrawal-code')?.value ?? 0;
  };

  it('gives a code up at its first attempt, and counts it, when the recipient is refused (550 to RCPT TO)', async () => {
    const failedBefore = await failedCodes();
    smtp.state.refusedRecipients.add('nobody@example.test');
    await queueCode('nobody@example.test');
    expect(await deliverDueMail(database.db, transport, settings, silentLogger)).toBe(0);
    const given = await row('nobody@example.test');
    expect(given).toMatchObject({ status: 'FAILED', attempts: 1, failed_at: expect.any(Date) });
    expect(given.last_error).toMatch(/550 No such user here/);
    expect(await failedCodes()).toBe(failedBefore + 1);
    // Never tried again: the next run leaves it as it is.
    await database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(0) })
      .execute();
    await deliverDueMail(database.db, transport, settings, silentLogger);
    expect((await row('nobody@example.test')).attempts).toBe(1);
  });

  it('gives a code up at once when the message itself is refused after it was sent (554 to DATA)', async () => {
    smtp.state.refuseMessages = true;
    try {
      await queueCode('filtered@example.test');
      await deliverDueMail(database.db, transport, settings, silentLogger);
    } finally {
      smtp.state.refuseMessages = false;
    }
    const given = await row('filtered@example.test');
    expect(given).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(given.last_error).toMatch(/554 Message rejected as spam/);
  });

  it('tries again a code refused for a reason of the sending side (a temporary 451, the sender, a relay that does not know it)', async () => {
    const refusals = [
      ['busy@example.test', () => (smtp.state.failNext = 1), /451 Mailbox busy/],
      ['sender@example.test', () => (smtp.state.refuseSender = true), /550 Sender not allowed to relay/],
      ['relay@example.test', () => (smtp.state.refuseRelay = true), /554 5\.7\.1 Relay access denied/],
    ] as const;
    for (const [to, refuse, error] of refusals) {
      refuse();
      await queueCode(to);
      try {
        await deliverDueMail(database.db, transport, settings, silentLogger);
      } finally {
        Object.assign(smtp.state, { failNext: 0, refuseSender: false, refuseRelay: false });
      }
      expect(await row(to), to).toMatchObject({ status: 'PENDING', attempts: 1, failed_at: null });
      expect((await row(to)).last_error).toMatch(error);
    }

    await database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(0) })
      .execute();
    expect(await deliverDueMail(database.db, transport, settings, silentLogger)).toBe(3);
    expect(smtp.received.map((mail) => mail.subject)).toEqual([code.subject, code.subject, code.subject]);
  });
});

describe('mail delivery: backoff, giving up and the local mailbox', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  const failing: MailTransport = {
    kind: 'smtp',
    async send() {
      throw new Error('connection refused');
    },
    async verify() {
      throw new Error('connection refused');
    },
    close() {},
  };
  const content = { subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' };
  const row = (to: string) =>
    database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();
  const makeDue = (to: string) =>
    database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(0) })
      .where('to_address', '=', to)
      .execute();

  const failedCount = async (kind: string) => {
    const { values } = await (metricsRegistry.getSingleMetric('uplink_mail_failed_total') as Counter).get();
    return values.find((value) => value.labels.kind === kind)?.value;
  };

  it('retries a notice ever less often (to five minutes apart) for MAIL_RETRY_HOURS, then marks it FAILED and counts it', async () => {
    const settings = { mailFrom: 'x@uplink.test', mailRetryHours: 1, mailRetryBaseMs: 60_000 };
    const failedBefore = await failedCount('notice');
    await enqueueMail(database.db, 'backoff@example.test', content);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const started = Date.now();
      expect(await deliverDueMail(database.db, failing, settings, silentLogger)).toBe(0);
      const current = await row('backoff@example.test');
      expect(current).toMatchObject({
        attempts: attempt,
        status: 'PENDING',
        last_error: 'connection refused',
        failed_at: null,
      });
      delays.push(Math.round((current.next_attempt_at.getTime() - started) / 60_000));
      await makeDue('backoff@example.test');
    }
    expect(delays).toEqual([1, 2, 4, 5, 5]);
    expect(await failedCount('notice')).toBe(failedBefore);

    // 57 minutes into its hour: the next attempt, five minutes on, would come too late.
    await database.db
      .updateTable('mail_outbox')
      .set({ queued_at: sql`now() - interval '57 minutes'` })
      .where('to_address', '=', 'backoff@example.test')
      .execute();
    await deliverDueMail(database.db, failing, settings, silentLogger);
    expect(await row('backoff@example.test')).toMatchObject({
      status: 'FAILED',
      attempts: 6,
      failed_at: expect.any(Date),
    });
    expect(await failedCount('notice')).toBe((failedBefore ?? 0) + 1);
    // A FAILED mail is never picked up again.
    await makeDue('backoff@example.test');
    await deliverDueMail(database.db, failing, settings, silentLogger);
    expect((await row('backoff@example.test')).attempts).toBe(6);
  });

  it('retries a one-time code only while it works, and gives up a code that expired before it could be sent', async () => {
    const settings = { mailFrom: 'x@uplink.test', mailRetryHours: 72, mailRetryBaseMs: 60_000 };
    const failedBefore = (await failedCount('withdrawal-code')) ?? 0;
    await enqueueMail(database.db, 'code@example.test', content, {
      oneTime: { kind: 'withdrawal-code', validForMs: 3 * 60_000 },
    });
    for (const status of ['PENDING', 'PENDING', 'FAILED']) {
      await deliverDueMail(database.db, failing, settings, silentLogger);
      expect((await row('code@example.test')).status).toBe(status);
      await makeDue('code@example.test');
    }
    expect(await failedCount('withdrawal-code')).toBe(failedBefore + 1);

    await enqueueMail(database.db, 'late@example.test', content, {
      oneTime: { kind: 'password-reset', validForMs: 1 },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await deliverDueMail(database.db, createMailTransport({ smtpUrl: undefined }), settings, silentLogger);
    expect(await row('late@example.test')).toMatchObject({
      status: 'FAILED',
      attempts: 0,
      kind: 'password-reset',
      last_error: 'Not sent before its content expired',
      failed_at: expect.any(Date),
    });
  });

  it('without SMTP keeps mail in the outbox as the mailbox and marks it delivered', async () => {
    await enqueueMail(database.db, 'local@example.test', content);
    const transport = createMailTransport({ smtpUrl: undefined });
    expect(transport.kind).toBe('local-mailbox');
    const settings = { mailFrom: 'x@uplink.test', mailRetryHours: 72, mailRetryBaseMs: 1000 };
    expect(await deliverDueMail(database.db, transport, settings, silentLogger)).toBeGreaterThanOrEqual(1);
    expect(await row('local@example.test')).toMatchObject({ status: 'SENT', attempts: 1, html: '<p>Hi</p>' });
  });

  it('stores one mail per event key when many writers insert that event at once', async () => {
    const writers = Array.from({ length: 8 }, () =>
      enqueueMail(database.db, 'race@example.test', content, { eventKey: 'race:1' }),
    );
    await Promise.all(writers);
    const stored = await database.db.selectFrom('mail_outbox').selectAll().where('event_key', '=', 'race:1').execute();
    expect(stored).toHaveLength(1);
  });

  it('never hands one mail to two concurrent workers', async () => {
    for (let index = 0; index < 30; index += 1) await enqueueMail(database.db, `many${index}@example.test`, content);
    const sent: string[] = [];
    const recording: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        sent.push(mail.to);
      },
      async verify() {},
      close() {},
    };
    const settings = { mailFrom: 'x@uplink.test', mailRetryHours: 72, mailRetryBaseMs: 1000 };
    await Promise.all([
      deliverDueMail(database.db, recording, settings, silentLogger),
      deliverDueMail(database.db, recording, settings, silentLogger),
    ]);
    const many = sent.filter((to) => to.startsWith('many'));
    expect(many).toHaveLength(30);
    expect(new Set(many).size).toBe(30);
  });
});

describe('an SMTP outage, and its end: nothing is lost', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let proxy: CuttableProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    proxy = await startCuttableProxy({ host: '127.0.0.1', port: Number(new URL(smtp.url).port) });
    database = await createTestDatabase();
    const config = {
      ...testConfig({ mailFrom: 'Uplink <no-reply@uplink.test>', smtpUrl: `smtp://${proxy.address}` }),
      mailRetryBaseMs: 50,
      mailPollIntervalMs: 60_000,
    };
    app = await buildApp({ config, db: database.db, jobLock: startJobLock(database), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await smtp?.close();
  });

  const scrape = async () => (await app.inject({ method: 'GET', url: '/api/metrics' })).body;
  const received = (to: string) =>
    smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === to);

  it('keeps every mail queued with its attempts and last error while SMTP is down, and delivers them all once it is back', async () => {
    const member = await createMember(database.db, { verified: false });
    proxy.cut('refused');
    await enqueueMail(database.db, 'notice-in-outage@example.test', {
      subject: 'A notice',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    const resend = await app.inject({
      method: 'POST',
      url: '/api/users/resend-verification-email',
      payload: { email: member.email },
    });
    expect(resend.statusCode).toBe(200);
    const queued = () =>
      database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', 'in', [member.email, 'notice-in-outage@example.test'])
        .execute();
    const failing = await eventually(async () => {
      await app.context.mailWorker.runNow();
      const rows = await queued();
      return rows.length === 2 && rows.every((row) => row.attempts >= 2) ? rows : undefined;
    }, 'two failed attempts of each mail');
    for (const row of failing) {
      expect(row.status).toBe('PENDING');
      expect(row.last_error).toMatch(/ECONNRESET|ECONNREFUSED|closed|Connection/i);
    }
    expect(failing.find((row) => row.to_address === member.email)?.kind).toBe('email-verification');
    const during = await scrape();
    expect(during).toMatch(/^uplink_up\{dependency="smtp"\} 0$/m);
    expect(Number(during.match(/^uplink_mail_outbox_pending (\S+)$/m)?.[1])).toBeGreaterThanOrEqual(2);

    proxy.restore();
    await eventually(async () => {
      await database.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(0) })
        .where('status', '=', 'PENDING')
        .execute();
      await app.context.mailWorker.runNow();
      const rows = await queued();
      return rows.every((row) => row.status === 'SENT') ? rows : undefined;
    }, 'every mail sent');
    expect(received(member.email)).toHaveLength(1);
    expect(received('notice-in-outage@example.test')).toHaveLength(1);
    expect(await scrape()).toMatch(/^uplink_up\{dependency="smtp"\} 1$/m);
  });

  it('sends a member who asks again a new code once the one lost in the outage has expired', async () => {
    const member = await createMember(database.db, { verified: false });
    proxy.cut('refused');
    await app.inject({ method: 'POST', url: '/api/users/resend-verification-email', payload: { email: member.email } });
    await eventually(async () => {
      await app.context.mailWorker.runNow();
      const row = await database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', member.email)
        .executeTakeFirst();
      return row && row.attempts >= 1 ? row : undefined;
    }, 'a failed attempt');
    // Its link expires: given up at the next run, not sent dead.
    await database.db
      .updateTable('mail_outbox')
      .set({ expires_at: new Date(0) })
      .where('to_address', '=', member.email)
      .execute();
    const lost = await eventually(async () => {
      await app.context.mailWorker.runNow();
      const rows = await database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', member.email)
        .execute();
      return rows.every((row) => row.status === 'FAILED') ? rows : undefined;
    }, 'the expired mail given up');
    expect(lost).toHaveLength(1);
    proxy.restore();

    await app.inject({ method: 'POST', url: '/api/users/resend-verification-email', payload: { email: member.email } });
    const mail = await eventually(async () => {
      await app.context.mailWorker.runNow();
      return received(member.email)[0];
    }, 'the new verification mail');
    expect(mail.text).toMatch(/http:\/\/uplink\.test\/verify-email\?token=[\w-]{43}/);
  });
});
