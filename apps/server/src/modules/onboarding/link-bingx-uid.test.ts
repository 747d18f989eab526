import { errorTexts } from '@uplink/contract/error-codes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testAppForFile } from '../../testing/app-for-file';
import { createMember } from '../../testing/builders';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { FakeBingxAgentServer } from '../exchange/fake-bingx-agent-server';
import { sandboxUids } from '../exchange/sandbox-exchange-gateway';

/** A member who has paid the subscription: linking is the second onboarding step. */
async function newMember(t: TestApp, spec: { paid?: boolean } = {}) {
  const member = await createMember(t.database.db, { subscriptionPaid: spec.paid ?? true });
  return { id: member.id, token: t.app.context.sessionTokens.sign(member.id) };
}

/** PUT /users/bingx-uid on the test app, or on another app (`{ app }`) over the same database. */
function link(t: Pick<TestApp, 'app'>, token: string | null, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/bingx-uid',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as object,
  });
}

const linkedUid = async (t: TestApp, memberId: string) =>
  (await t.database.db.selectFrom('users').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow()).bingx_uid;

describe('linking a BingX UID through the BingX agent API', () => {
  const exchange = new FakeBingxAgentServer('agent-key', 'agent-secret');
  let t: TestApp;

  beforeAll(async () => {
    const baseUrl = await exchange.start();
    t = await createTestApp(
      {},
      {
        depositChain: null,
        exchangeGateway: exchange.clientFor(baseUrl),
      },
    );
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await exchange.stop();
  });
  beforeEach(() => {
    exchange.failNext.length = 0;
  });

  it('links an eligible UID (trimmed) and stores its KYC and balance snapshot', async () => {
    exchange.invitees.set('31000001', { inviteResult: true, kycResult: 'true', balanceVolume: '150.25' });
    const member = await newMember(t);
    const response = await link(t, member.token, { bingXUID: '  31000001 ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { bingXUID: '31000001' } });
    expect(response.json().message).toContain('successfully');
    const row = await t.database.db
      .selectFrom('users')
      .select(['bingx_uid', 'bingx_kyc', 'bingx_balance', 'bingx_linked_at'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ bingx_uid: '31000001', bingx_kyc: true });
    expect(Number(row.bingx_balance)).toBe(150.25);
    expect(row.bingx_linked_at).toBeInstanceOf(Date);

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(profile.json().data.bingXUID).toBe('31000001');
  });

  it('refuses a second UID for a member who has one (BINGX_UID_ALREADY_SET)', async () => {
    exchange.invitees.set('31000002', { inviteResult: true, kycResult: 'true', balanceVolume: '200' });
    exchange.invitees.set('31000003', { inviteResult: true, kycResult: 'true', balanceVolume: '200' });
    const member = await newMember(t);
    expect((await link(t, member.token, { bingXUID: '31000002' })).statusCode).toBe(200);
    const again = await link(t, member.token, { bingXUID: '31000003' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'BINGX_UID_ALREADY_SET' });
    expect(await linkedUid(t, member.id)).toBe('31000002');
  });

  it("refuses another member's UID (BINGX_UID_ALREADY_EXISTS)", async () => {
    exchange.invitees.set('31000004', { inviteResult: true, kycResult: 'true', balanceVolume: '200' });
    const first = await newMember(t);
    const second = await newMember(t);
    await link(t, first.token, { bingXUID: '31000004' });
    const response = await link(t, second.token, { bingXUID: '31000004' });
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe('BINGX_UID_ALREADY_EXISTS');
    expect(await linkedUid(t, second.id)).toBeNull();
  });

  it('lets exactly one of two members racing for one UID win', async () => {
    exchange.invitees.set('31000005', { inviteResult: true, kycResult: 'true', balanceVolume: '200' });
    const members = await Promise.all([newMember(t), newMember(t), newMember(t)]);
    const answers = await Promise.all(members.map((member) => link(t, member.token, { bingXUID: '31000005' })));
    const codes = answers.map((answer) => answer.json().errorCode).sort();
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(codes).toEqual(['BINGX_UID_ALREADY_EXISTS', 'BINGX_UID_ALREADY_EXISTS', null]);
    const holders = await t.database.db.selectFrom('users').select('id').where('bingx_uid', '=', '31000005').execute();
    expect(holders).toHaveLength(1);
  });

  it.each([
    [
      'a UID not invited by us',
      '31000006',
      { inviteResult: false, kycResult: 'true', balanceVolume: '500' },
      'BINGX_UID_INELIGIBLE',
    ],
    [
      'incomplete KYC ("false" as a string)',
      '31000007',
      { inviteResult: true, kycResult: 'false', balanceVolume: '500' },
      'BINGX_UID_INCOMPLETE_KYC',
    ],
    [
      'a balance under the minimum deposit',
      '31000008',
      { inviteResult: true, kycResult: 'true', balanceVolume: '99.99' },
      'BINGX_UID_INSUFFICIENT_DEPOSIT',
    ],
  ] as const)('refuses %s', async (_label, uid, invitee, code) => {
    exchange.invitees.set(uid, invitee);
    const member = await newMember(t);
    const response = await link(t, member.token, { bingXUID: uid });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: code });
    expect(await linkedUid(t, member.id)).toBeNull();
  });

  it('answers a retryable EXCHANGE_UNAVAILABLE on an outage and links nothing, then links once BingX is back', async () => {
    exchange.invitees.set('31000009', { inviteResult: true, kycResult: 'true', balanceVolume: '200' });
    exchange.failNext.push({ status: 503, body: '' }, { status: 502, body: '' }, { status: 429, body: '' });
    const member = await newMember(t);
    const outage = await link(t, member.token, { bingXUID: '31000009' });
    expect(outage.statusCode).toBe(503);
    expect(outage.json()).toMatchObject({ success: false, errorCode: 'EXCHANGE_UNAVAILABLE' });
    expect(await linkedUid(t, member.id)).toBeNull();

    expect((await link(t, member.token, { bingXUID: '31000009' })).statusCode).toBe(200);
  });

  it.each([
    ['an empty value', ''],
    ['only spaces', '   '],
    ['letters', '12ab5678'],
    ['a negative number', '-12345678'],
    ['5 digits', '12345'],
    ['21 digits', '123456789012345678901'],
    ['a number instead of a string', 12345678],
    ['an injection attempt', "1'; DROP TABLE users;--"],
  ])('refuses %s with VALIDATION_ERROR', async (_label, value) => {
    const member = await newMember(t);
    const response = await link(t, member.token, { bingXUID: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('VALIDATION_ERROR');
    expect(await linkedUid(t, member.id)).toBeNull();
  });

  it('answers the spec text for an empty UID', async () => {
    const member = await newMember(t);
    const response = await link(t, member.token, { bingXUID: ' ' });
    expect(response.json().message).toBe('Please enter your BingX UID');
  });

  it('refuses a caller without a session', async () => {
    const response = await link(t, null, { bingXUID: '31000001' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('UNAUTHORIZED');
  });

  it('refuses a member who has not paid (SUBSCRIPTION_NOT_PAID) without asking BingX anything', async () => {
    exchange.invitees.set('31000010', { inviteResult: true, kycResult: 'false', balanceVolume: '5' });
    const unpaid = await newMember(t, { paid: false });
    const lapsed = await newMember(t);
    await t.database.db
      .updateTable('users')
      .set({ subscription_period_ends_at: new Date(Date.now() - 1000) })
      .where('id', '=', lapsed.id)
      .execute();
    const asked = exchange.requests;
    for (const member of [unpaid, lapsed]) {
      const response = await link(t, member.token, { bingXUID: '31000010' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        errorCode: 'SUBSCRIPTION_NOT_PAID',
        message: 'Please pay the subscription before linking your BingX UID',
      });
      expect(await linkedUid(t, member.id)).toBeNull();
    }
    expect(exchange.requests).toBe(asked);
  });

  it('limits UID checks per member per day in the database, across server processes', async () => {
    const member = await newMember(t);
    for (let check = 0; check < 10; check += 1) {
      const uid = `3200000${check}`;
      exchange.invitees.set(uid, { inviteResult: false, kycResult: 'true', balanceVolume: '500' });
      expect((await link(t, member.token, { bingXUID: uid })).json().errorCode).toBe('BINGX_UID_INELIGIBLE');
    }
    // Another process (its own in-memory rate limits) still counts the same ten checks.
    const otherProcess = await buildApp({
      config: t.config,
      db: t.database.db,
      logger: false,
      integrations: { exchangeGateway: t.app.context.integrations.exchangeGateway, depositChain: null },
    });
    try {
      const asked = exchange.requests;
      const refused = await link({ app: otherProcess }, member.token, { bingXUID: '32000010' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        errorCode: 'RATE_LIMITED',
        message: 'You have checked too many BingX UIDs today. Please try again tomorrow.',
      });
      expect(exchange.requests).toBe(asked);

      // The next day's window starts afresh.
      await t.database.db
        .updateTable('exchange_uid_checks')
        .set({ window_started_at: new Date(Date.now() - 86_400_000 - 1000) })
        .where('user_id', '=', member.id)
        .execute();
      exchange.invitees.set('32000012', { inviteResult: true, kycResult: 'true', balanceVolume: '500' });
      expect((await link({ app: otherProcess }, member.token, { bingXUID: '32000012' })).statusCode).toBe(200);
    } finally {
      await otherProcess.close();
    }
    // Another member has a budget of their own.
    exchange.invitees.set('32000011', { inviteResult: true, kycResult: 'true', balanceVolume: '500' });
    expect((await link(t, (await newMember(t)).token, { bingXUID: '32000011' })).statusCode).toBe(200);
  });
});

describe('the exchange balance a UID needs', () => {
  const exchange = new FakeBingxAgentServer('agent-key', 'agent-secret');
  let t: TestApp;

  beforeAll(async () => {
    const baseUrl = await exchange.start();
    const base = testConfig();
    // A deployment's own line (MIN_EXCHANGE_BALANCE): the refusal names it, not the contract's default.
    t = await createTestApp(
      { exchange: { ...base.exchange, minimumBalance: '250' } },
      { depositChain: null, exchangeGateway: exchange.clientFor(baseUrl) },
    );
  });
  afterAll(async () => {
    await t.close();
    await exchange.stop();
  });

  it('refuses a balance under the deployment’s line in words that name that line, and links one at it', async () => {
    exchange.invitees.set('33000001', { inviteResult: true, kycResult: 'true', balanceVolume: '249.99' });
    const refused = await link(t, (await newMember(t)).token, { bingXUID: '33000001' });
    expect(refused.json()).toMatchObject({
      errorCode: 'BINGX_UID_INSUFFICIENT_DEPOSIT',
      message: 'The BingX account holds less than the minimum balance of 250 USDT',
    });
    // The catalogue text (shown when a server sends no message) names no figure that could disagree.
    expect(errorTexts.BINGX_UID_INSUFFICIENT_DEPOSIT).not.toMatch(/\d/);
    exchange.invitees.set('33000002', { inviteResult: true, kycResult: 'true', balanceVolume: '250' });
    expect((await link(t, (await newMember(t)).token, { bingXUID: '33000002' })).statusCode).toBe(200);
  });
});

describe('linking a sandbox UID (local mode)', () => {
  const t = testAppForFile();

  it.each([
    [sandboxUids.notInvited, 400, 'BINGX_UID_INELIGIBLE'],
    [sandboxUids.kycIncomplete, 400, 'BINGX_UID_INCOMPLETE_KYC'],
    [sandboxUids.depositTooSmall, 400, 'BINGX_UID_INSUFFICIENT_DEPOSIT'],
    [sandboxUids.unavailable, 503, 'EXCHANGE_UNAVAILABLE'],
    [sandboxUids.eligible, 200, null],
  ])('UID %s answers %i %s', async (uid, status, code) => {
    const member = await newMember(t);
    const response = await link(t, member.token, { bingXUID: uid });
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(code);
  });

  it('counts the 10 attempts a minute per member, however the Authorization header is spelt', async () => {
    const member = await newMember(t);
    const spellings = [
      `Bearer ${member.token}`,
      `bearer ${member.token}`,
      `Bearer   ${member.token}`,
      `BEARER ${member.token}`,
    ];
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const authorization of spellings) {
        const response = await t.app.inject({
          method: 'PUT',
          url: '/api/users/bingx-uid',
          headers: { authorization },
          payload: { bingXUID: sandboxUids.notInvited },
        });
        statuses.push(response.statusCode);
      }
    }
    expect(statuses.slice(0, 10).includes(429)).toBe(false);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('gives each member their own budget', async () => {
    const busy = await newMember(t);
    for (let attempt = 0; attempt < 10; attempt += 1) await link(t, busy.token, { bingXUID: sandboxUids.notInvited });
    expect((await link(t, busy.token, { bingXUID: sandboxUids.notInvited })).statusCode).toBe(429);
    const other = await newMember(t);
    expect((await link(t, other.token, { bingXUID: sandboxUids.notInvited })).statusCode).not.toBe(429);
  });
});
