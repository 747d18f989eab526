import { expect } from 'vitest';
import type { UserRow } from '../db/schema';
import { sessionHeaders } from './builders';
import type { TestApp } from './test-app';

/** The member sets these notices on or off on their notifications page (the others stay as they were). */
export async function chooseNotices(t: TestApp, member: UserRow, choices: Record<string, boolean>): Promise<void> {
  const answer = await t.app.inject({
    method: 'PUT',
    url: '/api/users/notifications',
    headers: sessionHeaders(t.app, member),
    payload: choices,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}
