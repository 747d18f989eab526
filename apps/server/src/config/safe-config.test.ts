import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config';
import { demoSafeProposerPrivateKey } from './safe-config';
import { demoTreasurySafeAddress } from './withdrawals-config';

const dataDir = '/tmp/uplink-config-safe';
const safe = '0x2222222222222222222222222222222222222222';
const proposerKey = `0x${'ab'.repeat(32)}`;

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('the treasury Safe settings', () => {
  it('default locally to the demo treasury Safe and its delegate, the service URL coming with the demo chain', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_CHAIN: 'true' }).safe).toEqual({
      treasurySafeAddress: demoTreasurySafeAddress,
      txServiceUrl: undefined,
      proposerPrivateKey: demoSafeProposerPrivateKey,
      contracts: undefined,
      callTimeoutMs: 10_000,
    });
  });

  it('are unset without the demo chain, and read as given', () => {
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).safe.treasurySafeAddress).toBeUndefined();
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      TREASURY_ADDRESSES: `0x1111111111111111111111111111111111111111,${safe}`,
      TREASURY_SAFE_ADDRESS: safe,
      SAFE_TX_SERVICE_URL: 'https://safe-transaction-bsc.safe.global/api',
      SAFE_PROPOSER_PRIVATE_KEY: proposerKey,
    });
    expect(config.safe).toMatchObject({
      treasurySafeAddress: safe,
      txServiceUrl: 'https://safe-transaction-bsc.safe.global/api',
      proposerPrivateKey: proposerKey,
    });
  });

  it('refuse a Safe that is not a treasury address, a proposer without a Safe, and malformed values', () => {
    expect(
      refusal({ TREASURY_ADDRESSES: '0x1111111111111111111111111111111111111111', TREASURY_SAFE_ADDRESS: safe }),
    ).toContain('TREASURY_SAFE_ADDRESS: must be one of TREASURY_ADDRESSES');
    expect(refusal({ SAFE_PROPOSER_PRIVATE_KEY: proposerKey })).toContain('need TREASURY_SAFE_ADDRESS');
    const malformed = refusal({
      TREASURY_SAFE_ADDRESS: '0x12',
      SAFE_PROPOSER_PRIVATE_KEY: '0xnope',
      SAFE_TX_SERVICE_URL: 'ftp://x',
    });
    expect(malformed).toContain('TREASURY_SAFE_ADDRESS: must be a 0x address');
    expect(malformed).toContain('SAFE_PROPOSER_PRIVATE_KEY: must be a 0x private key');
    expect(malformed).toContain('SAFE_TX_SERVICE_URL');
  });

  it('know their own names when one is misspelt', () => {
    expect(refusal({ SAFE_TX_SERVICE_UR: 'https://x' })).toContain('did you mean SAFE_TX_SERVICE_URL?');
  });
});
