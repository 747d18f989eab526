import { type TOTP, URI } from 'otpauth';
import { expect } from 'vitest';
import type { UserRow } from '../db/schema';
import { bearer, createMember } from './builders';
import type { TestApp } from './test-app';

/**
 * What the API tests of the second factor share: an administrator who turned TOTP on through the
 * API, and an authenticator of their own — otpauth, an implementation independent of ours, fed
 * only with the otpauth URI the enrolment answered.
 */

/** A moment at the start of a 30-second step, so `seconds` later is a known step. */
export const stepStart = new Date('2026-03-02T10:00:00.000Z');
export const afterStart = (seconds: number) => new Date(stepStart.getTime() + seconds * 1000);

export interface EnrolledAdministrator {
  admin: UserRow;
  headers: Record<string, string>;
  authenticator: TOTP;
  recoveryCodes: string[];
}

/** The code the authenticator shows at `at`. */
export const codeAt = (authenticator: TOTP, at: Date) => authenticator.generate({ timestamp: at.getTime() });

export async function startEnrolment(t: TestApp, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/admin/totp/enrolment', headers });
}

export async function confirmEnrolment(t: TestApp, headers: Record<string, string>, code: string) {
  return t.app.inject({ method: 'POST', url: '/api/admin/totp/enrolment/confirm', headers, payload: { code } });
}

/**
 * An administrator (a new one unless given) with TOTP on, confirmed with the code of `stepStart`'s
 * step (the clock is set there); `headers` carry the session the confirmation renewed.
 */
export async function enrolledAdministrator(t: TestApp, given?: UserRow): Promise<EnrolledAdministrator> {
  const admin = given ?? (await createMember(t.database.db, { isAdmin: true }));
  const enrolling = bearer(t.app.context.sessionTokens.sign(admin.id, admin.session_version));
  t.clock.set(stepStart);
  const started = await startEnrolment(t, enrolling);
  expect(started.statusCode).toBe(200);
  const authenticator = URI.parse(started.json().data.otpauthUri) as TOTP;
  const confirmed = await confirmEnrolment(t, enrolling, codeAt(authenticator, stepStart));
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes, token } = confirmed.json().data;
  return { admin, headers: bearer(token), authenticator, recoveryCodes };
}

export const passwordStep = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

export const codeStep = (t: TestApp, challengeToken: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login/totp', payload: { challengeToken, code } });

/** The challenge a right password earns an administrator with TOTP. */
export async function challengeFor(t: TestApp, email: string, password: string): Promise<string> {
  const answer = await passwordStep(t, email, password);
  expect(answer.json()).toMatchObject({ errorCode: 'TOTP_REQUIRED' });
  return answer.json().data.challengeToken;
}
