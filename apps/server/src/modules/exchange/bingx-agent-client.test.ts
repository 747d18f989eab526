import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BingxAgentClient } from './bingx-agent-client';
import { signedQuery } from './bingx-request-signing';
import { ExchangeUnavailableError } from './exchange-gateway';
import { FakeBingxAgentServer } from './fake-bingx-agent-server';

describe('the BingX agent API client', () => {
  const fake = new FakeBingxAgentServer('test-key', 'test-secret-0123456789');
  let client: BingxAgentClient;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await fake.start();
    client = new BingxAgentClient({
      apiKey: fake.apiKey,
      apiSecret: fake.apiSecret,
      baseUrl,
      backoffMs: 1,
      minIntervalMs: 0,
      retries: 2,
    });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.invitees.clear();
    fake.failNext.length = 0;
    fake.requests = 0;
    fake.commissionDays.length = 0;
    fake.commissionQueries.length = 0;
  });

  it('signs the sorted parameters with HMAC-SHA256 (vector computed with openssl)', () => {
    // printf 'a=1&b=2&timestamp=1700000000000&uid=12345678' | openssl dgst -sha256 -hmac 'test-secret-0123456789'
    expect(signedQuery({ uid: '12345678', timestamp: 1700000000000, b: '2', a: '1' }, 'test-secret-0123456789')).toBe(
      'a=1&b=2&timestamp=1700000000000&uid=12345678&signature=dc370e068c9c9439b9699dce74ffc1a60f436290d006e43a19bdbe6838f4235c',
    );
  });

  it('reads an eligible invitee through a signed request', async () => {
    fake.invitees.set('20000001', { inviteResult: true, kycResult: 'true', balanceVolume: '150.25' });
    expect(await client.checkInvitee('20000001')).toEqual({ invited: true, kycComplete: true, balanceUsdt: '150.25' });
  });

  it('treats kycResult "false" (a string) as incomplete', async () => {
    fake.invitees.set('20000002', { inviteResult: true, kycResult: 'false', balanceVolume: '500' });
    expect(await client.checkInvitee('20000002')).toMatchObject({ invited: true, kycComplete: false });
  });

  it('reports a UID that was not invited', async () => {
    expect(await client.checkInvitee('20000003')).toMatchObject({ invited: false });
  });

  it('retries 5xx and 429 answers, then succeeds', async () => {
    fake.invitees.set('20000004', { inviteResult: true, kycResult: 'true', balanceVolume: '100' });
    fake.failNext.push({ status: 503, body: 'unavailable' }, { status: 429, body: { code: 100410, msg: 'busy' } });
    expect(await client.checkInvitee('20000004')).toMatchObject({ invited: true });
    expect(fake.requests).toBe(3);
  });

  it('retries a rate-limit code in a 200 answer', async () => {
    fake.invitees.set('20000005', { inviteResult: true, kycResult: 'true', balanceVolume: '100' });
    fake.failNext.push({ status: 200, body: { code: 100410, msg: 'rate limited' } });
    expect(await client.checkInvitee('20000005')).toMatchObject({ invited: true });
    expect(fake.requests).toBe(2);
  });

  it('reports the exchange unavailable once the retries are spent', async () => {
    fake.failNext.push({ status: 502, body: '' }, { status: 500, body: '' }, { status: 429, body: '' });
    await expect(client.checkInvitee('20000006')).rejects.toBeInstanceOf(ExchangeUnavailableError);
    expect(fake.requests).toBe(3);
  });

  it('refuses malformed and error answers without guessing', async () => {
    fake.failNext.push({ status: 200, body: 'not json' });
    await expect(client.checkInvitee('20000007')).rejects.toBeInstanceOf(ExchangeUnavailableError);
    fake.failNext.push({ status: 200, body: { code: 0, data: null } });
    await expect(client.checkInvitee('20000007')).rejects.toBeInstanceOf(ExchangeUnavailableError);
    fake.failNext.push({ status: 200, body: { code: 'x' } });
    await expect(client.checkInvitee('20000007')).rejects.toBeInstanceOf(ExchangeUnavailableError);
  });

  it('is refused by the exchange with a wrong secret', async () => {
    const impostor = new BingxAgentClient({
      apiKey: fake.apiKey,
      apiSecret: 'wrong-secret',
      baseUrl,
      retries: 0,
      minIntervalMs: 0,
    });
    await expect(impostor.checkInvitee('20000001')).rejects.toThrow(/100001/);
  });

  it('gives up on a hanging exchange after its timeout', async () => {
    const hanging = new BingxAgentClient({
      apiKey: 'k',
      apiSecret: 's',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 200,
      retries: 1,
      backoffMs: 1,
      minIntervalMs: 0,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    await expect(hanging.checkInvitee('20000001')).rejects.toBeInstanceOf(ExchangeUnavailableError);
  });

  describe('the copy-trading statement', () => {
    const day = 86_400_000;
    const start = Date.UTC(2026, 10, 2);

    it("sums each invitee's days over the period, reading every page", async () => {
      for (let index = 0; index < 130; index += 1) {
        fake.commissionDays.push({
          uid: `3${String(index % 65).padStart(7, '0')}`,
          time: start + (index % 7) * day,
          extCopyCommissionVolume: '0.10000001',
        });
      }
      fake.commissionDays.push({ uid: '30000000', time: start + 8 * day, extCopyCommissionVolume: '999' });
      const lines = await client.copyTradingStatement({ startsAt: new Date(start), endsAt: new Date(start + 7 * day) });
      expect(lines).toHaveLength(65);
      expect(lines.find((line) => line.uid === '30000000')?.masterAmount).toBe('0.20000002');
      expect(fake.commissionQueries.map((query) => query.get('pageIndex'))).toEqual(['1', '2']);
      expect(fake.commissionQueries[0]?.get('endTime')).toBe(String(start + 7 * day - 1));
    });

    it('asks a long period in windows of at most 30 days', async () => {
      fake.commissionDays.push({ uid: '31000000', time: start + 40 * day, extCopyCommissionVolume: '2.5' });
      const lines = await client.copyTradingStatement({
        startsAt: new Date(start),
        endsAt: new Date(start + 45 * day),
      });
      expect(lines).toEqual([{ uid: '31000000', masterAmount: '2.5' }]);
      expect(fake.commissionQueries).toHaveLength(2);
    });

    it('counts malformed amounts as nothing and skips rows without a UID', async () => {
      fake.commissionDays.push(
        { uid: '32000000', time: start, extCopyCommissionVolume: 'lots' },
        { uid: '32000000', time: start + day, extCopyCommissionVolume: '-4' },
        { uid: '32000000', time: start + 2 * day, extCopyCommissionVolume: '1.25' },
      );
      const lines = await client.copyTradingStatement({ startsAt: new Date(start), endsAt: new Date(start + 7 * day) });
      expect(lines).toEqual([{ uid: '32000000', masterAmount: '1.25' }]);
    });

    it('reads the copy-trading commission, not the totals or other business lines', async () => {
      fake.commissionDays.push(
        {
          uid: '33000000',
          time: start,
          extCopyCommissionVolume: '0.75',
          extCopyTradingVolume: '1500',
          swapTradingVolume: '90000',
          swapCommissionVolume: '12.5',
        },
        { uid: '33000000', time: start + day, extCopyCommissionVolume: '0.25' },
        { uid: '33000001', time: start, extCopyCommissionVolume: '0', swapCommissionVolume: '4' },
      );
      const lines = await client.copyTradingStatement({ startsAt: new Date(start), endsAt: new Date(start + 7 * day) });
      expect(lines).toEqual([
        { uid: '33000000', masterAmount: '1' },
        { uid: '33000001', masterAmount: '0' },
      ]);
    });

    it('reads no undocumented field: a profit share in the answer counts for nothing', async () => {
      fake.failNext.push({
        status: 200,
        body: {
          code: 0,
          msg: '',
          data: { total: 1, list: [{ uid: 34000000, commissionTime: start, extCopyProfitShare: '9' }] },
        },
      });
      const lines = await client.copyTradingStatement({ startsAt: new Date(start), endsAt: new Date(start + 7 * day) });
      expect(lines).toEqual([{ uid: '34000000', masterAmount: '0' }]);
    });

    it('the fake answers exactly the documented row', async () => {
      fake.commissionDays.push({
        uid: '35000000',
        time: start,
        extCopyCommissionVolume: '1.5',
        extCopyTradingVolume: '300',
      });
      const response = await fetch(
        `${baseUrl}/openApi/agent/v2/reward/commissionDataList?${signedQuery(
          { startTime: String(start), endTime: String(start + day), pageIndex: '1', pageSize: '100', timestamp: 1 },
          fake.apiSecret,
        )}`,
        { headers: { 'X-BX-APIKEY': fake.apiKey } },
      );
      const body = (await response.json()) as { data: { list: Record<string, unknown>[] } };
      const row = body.data.list[0] ?? {};
      expect(Object.keys(row).sort()).toEqual(
        [
          'uid',
          'invitationCode',
          'commissionTime',
          'tradingVolume',
          'commissionVolume',
          'spotTradingVolume',
          'swapTradingVolume',
          'stdTradingVolume',
          'extCopyTradingVolume',
          'mt5TradingVolume',
          'spotCommissionVolume',
          'swapCommissionVolume',
          'stdCommissionVolume',
          'extCopyCommissionVolume',
          'mt5CommissionVolume',
        ].sort(),
      );
      expect(row).toMatchObject({ uid: 35000000, tradingVolume: '300.00000000', commissionVolume: '1.50000000' });
    });

    it('reports an exchange error code as unavailable', async () => {
      fake.failNext.push({ status: 200, body: { code: 100500, msg: 'internal' } });
      await expect(
        client.copyTradingStatement({ startsAt: new Date(start), endsAt: new Date(start + day) }),
      ).rejects.toBeInstanceOf(ExchangeUnavailableError);
    });
  });
});
