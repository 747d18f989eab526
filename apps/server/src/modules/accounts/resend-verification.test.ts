import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import {
  answersUnderRateLimits,
  bearer,
  composeRequestedMail,
  createMember,
  mailTo,
  signIn,
  statusesOf,
  uniqueEmail,
} from '../../testing/builders';

const sameAnswer = {
  success: true,
  message: 'Verification email sent successfully! Please check your inbox.',
  data: null,
  error: null,
  errorCode: null,
};

describe('resend and send verification e-mail', () => {
  const t = testAppForFile();

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  for (const url of ['/api/users/resend-verification-email', '/api/users/send-verification-email']) {
    describe(url, () => {
      it('sends a new link to the given address of an unverified member', async () => {
        const member = await createMember(t.database.db, { verified: false });
        const response = await post(url, { email: member.email.toUpperCase() });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(sameAnswer);
        await composeRequestedMail(t);
        const mails = await mailTo(t.database.db, member.email);
        expect(mails).toHaveLength(1);
        expect(mails[0]?.text).toContain('http://uplink.test/verify-email?token=');
      });

      // These answered EMAIL_ALREADY_VERIFIED (400) and USER_NOT_FOUND (404), which told anyone
      // whether and how an address was registered.
      it('answers a verified address exactly as an unverified one, and sends nothing', async () => {
        const member = await createMember(t.database.db);
        const response = await post(url, { email: member.email });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(sameAnswer);
        await composeRequestedMail(t);
        expect(await mailTo(t.database.db, member.email)).toHaveLength(0);
      });

      it('answers an unknown address exactly as a registered one, and sends nothing', async () => {
        const email = uniqueEmail('ghost');
        const response = await post(url, { email });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(sameAnswer);
        await composeRequestedMail(t);
        expect(await mailTo(t.database.db, email)).toHaveLength(0);
      });

      it('needs an address when nobody is signed in', async () => {
        for (const payload of [undefined, {}, { email: '' }, { email: 'nope' }]) {
          const response = await post(url, payload);
          expect(response.statusCode).toBe(400);
          expect(response.json().errorCode).toBe('VALIDATION_ERROR');
        }
      });

      it('uses the signed-in user, not the address in the body', async () => {
        const verified = await createMember(t.database.db);
        const token = await signIn(t.app, verified.email);
        const other = await createMember(t.database.db, { verified: false });
        const response = await post(url, { email: other.email }, bearer(token));
        expect(response.json().errorCode).toBe('EMAIL_ALREADY_VERIFIED');
        expect(await mailTo(t.database.db, other.email)).toHaveLength(0);
      });

      it('refuses a bad session token instead of falling back to the address', async () => {
        const member = await createMember(t.database.db, { verified: false });
        const response = await post(url, { email: member.email }, bearer('forged'));
        expect(response.statusCode).toBe(401);
        expect(response.json().errorCode).toBe('UNAUTHORIZED');
      });
    });
  }

  it('keeps earlier links valid: both the first and the new link work until one is used', async () => {
    const member = await createMember(t.database.db, { verified: false });
    await post('/api/users/resend-verification-email', { email: member.email });
    await composeRequestedMail(t);
    await post('/api/users/resend-verification-email', { email: member.email });
    await composeRequestedMail(t);
    const links = (await mailTo(t.database.db, member.email)).map((mail) => mail.text.match(/token=([\w-]+)/)?.[1]);
    expect(links).toHaveLength(2);
    const first = await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token: links[1] } });
    expect(first.statusCode).toBe(200);
  });

  it('limits verification mails per address (429 RATE_LIMITED)', async () => {
    const answers = await answersUnderRateLimits(
      t,
      { authPerMinute: 100, mailPerMinute: 2 },
      Array.from({ length: 3 }, () => ({
        method: 'POST' as const,
        url: '/api/users/resend-verification-email',
        payload: { email: uniqueEmail() },
      })),
    );
    expect(statusesOf(answers)).toEqual([200, 200, 429]);
  });
});
