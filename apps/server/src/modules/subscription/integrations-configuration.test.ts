import { describe, expect, it } from 'vitest';
import { createDepositChain } from '../../chain/deposit-chain';
import { ConfigError, loadConfig } from '../../config/load-config';
import { testAppForFile } from '../../testing/app-for-file';
import { createExchangeGateway } from '../exchange/exchange-gateway-factory';

const local = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/uplink-test-data', JWT_SECRET: 'x'.repeat(32) });
const production = { ...local, production: true };

describe('choosing the exchange and chain clients from the configuration', () => {
  it('uses the sandbox exchange locally and the BingX agent API once a key and secret are set', () => {
    expect(createExchangeGateway(local).kind).toBe('sandbox');
    const keyed = { ...local, exchange: { ...local.exchange, apiKey: 'key', apiSecret: 'secret' } };
    expect(createExchangeGateway(keyed).kind).toBe('bingx');
    expect(createExchangeGateway({ ...keyed, production: true }).kind).toBe('bingx');
  });

  it('refuses the sandbox exchange and a missing chain endpoint in production', () => {
    expect(() => createExchangeGateway(production)).toThrow(ConfigError);
    expect(() => createDepositChain(production)).toThrow(/BSC_RPC_URL/);
  });

  it('turns deposit scanning off locally without an endpoint and reads the configured chain otherwise', () => {
    expect(createDepositChain(local)).toBeNull();
    const chain = createDepositChain({
      ...production,
      chain: { ...local.chain, rpcUrl: 'http://127.0.0.1:9', chainId: 56 },
    });
    expect(chain).toMatchObject({ chainId: 56, tokenAddress: '0x55d398326f99059fF775485246999027B3197955' });
  });

  it('reads the chain, subscription and exchange variables', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/uplink-test-data',
      BSC_RPC_URL: 'https://bsc.example.com',
      BSC_CHAIN_ID: '97',
      USDT_CONTRACT_ADDRESS: '0x337610d27c682E347C9cD60BD4b3b107C9d34dDd',
      CONFIRMATIONS: '20',
      DEPOSIT_SCAN_INTERVAL_MS: '5000',
      DEPOSIT_SCAN_START_BLOCK: '123',
      SUBSCRIPTION_FEE: '12.5',
      SUBSCRIPTION_PERIOD_DAYS: '30',
      BINGX_API_KEY: 'k',
      BINGX_API_SECRET: 's',
      BINGX_BASE_URL: 'https://bingx.example.com/',
      MIN_EXCHANGE_DEPOSIT: '250',
    });
    expect(config.chain).toEqual({
      rpcUrl: 'https://bsc.example.com',
      chainId: 97,
      usdtContractAddress: '0x337610d27c682E347C9cD60BD4b3b107C9d34dDd',
      confirmations: 20,
      depositScanIntervalMs: 5000,
      depositScanStartBlock: 123,
      // The treasury reconciliation follows the deposit scan's pace unless told otherwise.
      treasuryScanIntervalMs: 5000,
      demoChain: false,
      demoChainPort: 0,
    });
    expect(config.subscription).toEqual({ fee: '12.5', periodDays: 30 });
    expect(config.exchange).toEqual({
      apiKey: 'k',
      apiSecret: 's',
      baseUrl: 'https://bingx.example.com',
      minimumBalance: '250',
    });
  });

  it('runs the demo chain in local mode only', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/uplink-test-data' }).chain).toMatchObject({
      demoChain: true,
      confirmations: 2,
    });
    expect(
      loadConfig({ DATA_DIR: '/tmp/uplink-test-data', BSC_RPC_URL: 'https://bsc.example.com' }).chain.demoChain,
    ).toBe(false);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DEMO_CHAIN: 'true',
        JWT_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://uplink.example.com',
        DEPOSIT_XPUB: local.depositXpub,
        TREASURY_ADDRESSES: '0x1111111111111111111111111111111111111111',
        DATA_DIR: '/tmp/uplink-test-data',
      }),
    ).toThrow(/DEMO_CHAIN/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/uplink-test-data', SUBSCRIPTION_FEE: '-1' })).toThrow(/SUBSCRIPTION_FEE/);
  });
});

describe('the demo payment endpoint', () => {
  const t = testAppForFile();

  it('is hidden when no demo chain runs', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dev/demo-pay', payload: { email: 'a@b.test' } });
    expect(response.statusCode).toBe(404);
  });
});
