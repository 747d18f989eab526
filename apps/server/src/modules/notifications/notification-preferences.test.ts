import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import { bearer, createMember } from '../../testing/builders';

const allOn = {
  rewardLocked: true,
  forfeitWarning: true,
  cycleSummary: true,
  subscriptionEnding: true,
  invitationReminder: true,
};

describe('a member turns notices on and off (GET/PUT /api/users/notifications)', () => {
  const t = testAppForFile();

  const call = (token: string, method: 'GET' | 'PUT', payload?: object) =>
    t.app.inject({ method, url: '/api/users/notifications', headers: bearer(token), payload });
  const tokenOf = async () => t.app.context.sessionTokens.sign((await createMember(t.database.db)).id);

  it('has every notice on until the member changes one', async () => {
    const answer = await call(await tokenOf(), 'GET');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual(allOn);
  });

  it('turns off only the kinds named, keeps them off, and turns them back on', async () => {
    const token = await tokenOf();
    expect((await call(token, 'PUT', { cycleSummary: false })).json().data).toEqual({ ...allOn, cycleSummary: false });
    expect((await call(token, 'PUT', { forfeitWarning: false })).json().data).toEqual({
      ...allOn,
      cycleSummary: false,
      forfeitWarning: false,
    });
    expect((await call(token, 'GET')).json().data).toEqual({ ...allOn, cycleSummary: false, forfeitWarning: false });
    expect((await call(token, 'PUT', { cycleSummary: true, forfeitWarning: true })).json().data).toEqual(allOn);
  });

  it("never changes another member's settings", async () => {
    const [mine, theirs] = [await tokenOf(), await tokenOf()];
    await call(mine, 'PUT', { rewardLocked: false });
    expect((await call(theirs, 'GET')).json().data).toEqual(allOn);
  });

  it.each([
    [{}, 'nothing to change'],
    [{ passwordChanged: false }, 'an essential mail, which has no switch'],
    [{ rewardLocked: 'no' }, 'a switch that is not a boolean'],
  ] as [object, string][])('refuses %j (%s) with VALIDATION_ERROR', async (payload) => {
    const answer = await call(await tokenOf(), 'PUT', payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
  });

  it('refuses a caller without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/notifications' })).statusCode).toBe(401);
  });
});
