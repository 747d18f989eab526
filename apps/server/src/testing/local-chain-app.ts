import type { LocalUsdtChain } from '../chain/local-usdt-chain';
import { loadConfig } from '../config/load-config';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test app that reads deposits from the in-process EVM `chain` from block 0, a payment counting
 * once it has `confirmations`: what the on-chain subscription and reward tests share.
 */
export function createLocalChainTestApp(chain: LocalUsdtChain, confirmations: number): Promise<TestApp> {
  const { chain: chainConfig } = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/uplink-test-data' });
  return createTestApp(
    { chain: { ...chainConfig, confirmations, depositScanStartBlock: 0 } },
    { depositChain: chain.depositChain },
  );
}
