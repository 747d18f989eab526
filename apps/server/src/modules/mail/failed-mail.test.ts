import type { AdminRole } from '@uplink/contract/admin-roles';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createAdministrator, sessionHeaders, soleAuditRowOf, uniqueEmail } from '../../testing/builders';
import { enqueueMail } from './mail-outbox-repository';

describe('an administrator lists failed mail and sends it again', () => {
  const { t, admin: owner, adminHeaders: ownerHeaders } = adminTestAppForFile();
  const as = async (role: AdminRole) => sessionHeaders(t.app, await createAdministrator(t.database.db, role));
  const list = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/mail/failed${query}`, headers });
  const resend = (id: string, headers: Record<string, string> = ownerHeaders) =>
    t.app.inject({ method: 'POST', url: `/api/admin/mail/${id}/resend`, headers });
  const refusal = (answer: { statusCode: number; json: () => { errorCode: string } }) => ({
    status: answer.statusCode,
    code: answer.json().errorCode,
  });
  const rowOf = (id: string) =>
    t.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A mail given up on `minutesAgo` minutes ago: a withdrawal code valid for `validForMinutes` more, or a notice. */
  async function failedMail(to: string, minutesAgo: number, validForMinutes?: number): Promise<string> {
    const eventKey = `failed-mail-test:${uniqueEmail()}`;
    await enqueueMail(
      t.database.db,
      to,
      { subject: 'Your code', html: '<p>123456</p>', text: '123456' },
      {
        eventKey,
        oneTime:
          validForMinutes === undefined ? undefined : { kind: 'withdrawal-code', validForMs: validForMinutes * 60_000 },
      },
    );
    const row = await t.database.db
      .updateTable('mail_outbox')
      .set({
        status: 'FAILED',
        attempts: 6,
        last_error: 'connect ECONNREFUSED 127.0.0.1:25',
        failed_at: sql`now() - make_interval(mins => ${minutesAgo})`,
      })
      .where('event_key', '=', eventKey)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('lists newest failure first, paginated, the recipient in full for members.manage and masked for the others', async () => {
    const older = await failedMail('older.member@example.test', 30, 10);
    const newer = await failedMail('jane.doe@example.test', 1);
    const page = (await list(ownerHeaders, '?limit=1')).json().data;
    expect(page.mails).toEqual([
      expect.objectContaining({
        _id: newer,
        kind: 'notice',
        recipient: 'jane.doe@example.test',
        recipientMasked: false,
      }),
    ]);
    expect(page.mails[0]).toMatchObject({
      attempts: 6,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      canResend: true,
    });
    expect(page.pagination).toMatchObject({ currentPage: 1, limit: 1, resultsCount: 1, hasNextPage: true });
    const second = (await list(ownerHeaders, '?limit=1&page=2')).json().data.mails[0];
    expect(second).toMatchObject({ _id: older, kind: 'withdrawal-code', canResend: true });
    expect(Date.parse(second.failedAt)).toBeLessThan(Date.parse(page.mails[0].failedAt));

    expect((await list(await as('SUPPORT'))).json().data.mails[0].recipient).toBe('jane.doe@example.test');
    for (const role of ['FINANCE', 'ANALYST'] as const) {
      const mail = (await list(await as(role))).json().data.mails.find((m: { _id: string }) => m._id === newer);
      expect(mail).toMatchObject({ recipient: 'j•••@example.test', recipientMasked: true });
    }
  });

  it('sends a failed mail again: pending, due now, fresh attempts, audited, and a second click is MAIL_NOT_FAILED', async () => {
    const id = await failedMail(uniqueEmail(), 2, 10);
    const support = await createAdministrator(t.database.db, 'SUPPORT');
    const answer = await resend(id, sessionHeaders(t.app, support));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ _id: id, status: 'PENDING', attempts: 0 });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0, failed_at: null });
    expect(row.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await soleAuditRowOf(t.database.db, id)).toMatchObject({
      actor_id: support.id,
      action: 'MAIL_RESENT',
      target_type: 'MAIL',
      before: { status: 'FAILED', kind: 'withdrawal-code', attempts: 6 },
    });
    expect(refusal(await resend(id))).toEqual({ status: 409, code: 'MAIL_NOT_FAILED' });
    expect((await list(ownerHeaders)).json().data.mails.map((m: { _id: string }) => m._id)).not.toContain(id);
  });

  it('queues a mail once when two resends arrive together', async () => {
    const id = await failedMail(uniqueEmail(), 3);
    const answers = await Promise.all([resend(id), resend(id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(refusal(answers.find((answer) => answer.statusCode === 409)!)).toEqual({
      status: 409,
      code: 'MAIL_NOT_FAILED',
    });
    expect((await soleAuditRowOf(t.database.db, id)).actor_id).toBe(owner.id);
  });

  it('refuses an expired code (MAIL_CONTENT_EXPIRED), a sent mail, an unknown id, and the roles without mail.resend', async () => {
    const expired = await failedMail(uniqueEmail(), 5, -1);
    expect((await list(ownerHeaders)).json().data.mails.find((m: { _id: string }) => m._id === expired)).toMatchObject({
      canResend: false,
    });
    expect(refusal(await resend(expired))).toEqual({ status: 409, code: 'MAIL_CONTENT_EXPIRED' });
    expect(await rowOf(expired)).toMatchObject({ status: 'FAILED', attempts: 6 });

    const sent = await failedMail(uniqueEmail(), 4);
    await t.database.db.updateTable('mail_outbox').set({ status: 'SENT' }).where('id', '=', sent).execute();
    expect(refusal(await resend(sent))).toEqual({ status: 409, code: 'MAIL_NOT_FAILED' });
    expect(refusal(await resend('00000000-0000-4000-8000-000000000000'))).toEqual({
      status: 404,
      code: 'MAIL_NOT_FOUND',
    });
    expect(refusal(await resend('not-a-mail'))).toEqual({ status: 404, code: 'MAIL_NOT_FOUND' });

    const failed = await failedMail(uniqueEmail(), 6);
    for (const role of ['FINANCE', 'ANALYST'] as const) {
      expect(refusal(await resend(failed, await as(role)))).toEqual({ status: 403, code: 'FORBIDDEN' });
    }
    expect((await rowOf(failed)).status).toBe('FAILED');
    const member = await t.app.inject({ method: 'GET', url: '/api/admin/mail/failed' });
    expect(member.statusCode).toBe(401);
  });
});
