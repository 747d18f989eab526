import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositChain } from '../../chain/deposit-chain';
import { createMember } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** A chain that cannot be reached: every call fails as a dead RPC endpoint would. */
const unreachableChain: DepositChain = {
  tokenAddress: '0x55d398326f99059fF775485246999027B3197955',
  chainId: 56,
  headBlockNumber: () => Promise.reject(new Error('connect ECONNREFUSED')),
  blockHash: () => Promise.reject(new Error('connect ECONNREFUSED')),
  blockTime: () => Promise.reject(new Error('connect ECONNREFUSED')),
  transfersTo: () => Promise.reject(new Error('connect ECONNREFUSED')),
  transfersFrom: () => Promise.reject(new Error('connect ECONNREFUSED')),
  transfersIn: () => Promise.reject(new Error('connect ECONNREFUSED')),
};

describe('GET /users/refresh-subscription guards', () => {
  let t: TestApp;
  let unconfigured: TestApp;
  beforeAll(async () => {
    [t, unconfigured] = await Promise.all([createTestApp({}, { depositChain: unreachableChain }), createTestApp()]);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await unconfigured.close();
  });

  const refresh = (app: TestApp, token?: string) =>
    app.app.inject({
      method: 'GET',
      url: '/api/users/refresh-subscription',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  async function memberToken(app: TestApp) {
    const member = await createMember(app.database.db);
    await app.database.db
      .updateTable('users')
      .set({ deposit_address: `0x${member.id.replaceAll('-', '').padEnd(40, '0')}` })
      .where('id', '=', member.id)
      .execute();
    return app.app.context.sessionTokens.sign(member.id);
  }

  it('needs a session', async () => {
    const response = await refresh(t);
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('UNAUTHORIZED');
  });

  it('answers 503 with a retryable message when the chain cannot be reached', async () => {
    const response = await refresh(t, await memberToken(t));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'SERVICE_UNAVAILABLE' });
    expect(response.json().message).toMatch(/try again/);
  });

  it('answers 503 when no chain is configured', async () => {
    const response = await refresh(unconfigured, await memberToken(unconfigured));
    expect(response.statusCode).toBe(503);
  });

  it('limits a session to 6 refreshes a minute', async () => {
    const token = await memberToken(unconfigured);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await refresh(unconfigured, token)).statusCode);
    expect(statuses.slice(0, 6).every((status) => status === 503)).toBe(true);
    expect(statuses[6]).toBe(429);
  });

  it('counts those 6 per member, not per spelling of the Authorization header', async () => {
    const token = await memberToken(unconfigured);
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `Bearer  ${token}`, `BEARER ${token}`];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const authorization = spellings[attempt % spellings.length] as string;
      const response = await unconfigured.app.inject({
        method: 'GET',
        url: '/api/users/refresh-subscription',
        headers: { authorization },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([503, 503, 503, 503, 503, 503, 429, 429]);
  });

  it('tells the payment panel the token contract, network and fee', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/subscription/payment-details',
      headers: { authorization: `Bearer ${await memberToken(t)}` },
    });
    expect(response.json().data).toEqual({
      network: 'BEP20 (BSC)',
      tokenSymbol: 'USDT',
      tokenContract: '0x55d398326f99059fF775485246999027B3197955',
      fee: 10,
      confirmations: 15,
      periodDays: 365,
    });
  });
});
