import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JsonRpcProvider } from 'ethers';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type DemoChain, startDemoChain } from '../chain/demo-chain';
import { EthersDepositChain } from '../chain/deposit-chain';
import type { Config } from '../config/load-config';
import { demoSafeProposerPrivateKey } from '../config/safe-config';
import { type AdminTestApp, adminTestApp } from './admin-test-app';
import { testConfig } from './test-app';

export interface DemoChainApp extends AdminTestApp {
  demoChain: DemoChain;
  /** Caches no head: a test that mines blocks reads the new head right after. */
  provider: JsonRpcProvider;
  /** Mines `blocks` blocks at once: with `mineByHand`, the only blocks there are. */
  mine(blocks: number): Promise<unknown>;
  /** The administrator pays a batch from the demo treasury (the dev tools' pay button): the answer. */
  payBatch(batchId: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface DemoChainAppOptions {
  confirmations: number;
  /** Blocks come only when the test mines them (`hardhat_mine`), so confirmations are counted exactly. */
  mineByHand?: boolean;
  withdrawals?: Partial<Config['withdrawals']>;
}

/**
 * Batches paid from the demo treasury one confirmation at a time: three confirmations, blocks
 * mined by hand, five pending withdrawals a member (a batch holds five of each), and the one
 * administrator paying every batch (the four-eyes limit far above any).
 */
export const batchesPaidByHand: DemoChainAppOptions = {
  confirmations: 3,
  mineByHand: true,
  withdrawals: { maxPending: 5, secondApprovalAbove: '100000000' },
};

/**
 * A test app in local mode on the demo chain served over JSON-RPC (the test token and the
 * batch-transfer contract deployed, the dev tools on), reading deposits and treasury payments
 * from block 0, with an administrator signed in: what the demo-treasury and treasury
 * reconciliation tests share.
 */
export async function startDemoChainApp(options: DemoChainAppOptions): Promise<DemoChainApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-demo-chain-app-'));
  const demoChain = await startDemoChain({ dataDir, port: 0 });
  const provider = new JsonRpcProvider(demoChain.rpcUrl, demoChain.chainId, { staticNetwork: true, cacheTimeout: -1 });
  if (options.mineByHand) await provider.send('evm_setIntervalMining', [0]);
  const base = testConfig();
  const adminApp = await adminTestApp({
    config: {
      devToolsEnabled: true,
      chain: {
        ...base.chain,
        demoChain: true,
        rpcUrl: demoChain.rpcUrl,
        chainId: demoChain.chainId,
        usdtContractAddress: demoChain.tokenAddress,
        demoBatchTransferAddress: demoChain.batchTransferAddress,
        confirmations: options.confirmations,
        depositScanStartBlock: 0,
      },
      withdrawals: { ...base.withdrawals, ...options.withdrawals },
      safe: {
        ...base.safe,
        treasurySafeAddress: demoChain.safeAddress,
        txServiceUrl: demoChain.safeTxServiceUrl,
        proposerPrivateKey: demoSafeProposerPrivateKey,
        contracts: demoChain.safeContracts,
      },
    },
    integrations: { depositChain: new EthersDepositChain(provider, demoChain.tokenAddress, demoChain.chainId) },
  });
  return {
    ...adminApp,
    demoChain,
    provider,
    mine: (blocks) => provider.send('hardhat_mine', [`0x${blocks.toString(16)}`]),
    payBatch: (batchId) =>
      adminApp.t.app.inject({
        method: 'POST',
        url: `/api/dev/demo-treasury/batches/${batchId}/pay`,
        headers: adminApp.adminHeaders,
      }),
    async close() {
      await adminApp.t.close();
      provider.destroy();
      await demoChain.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers the hooks of the calling file (or describe block): `startDemoChainApp(options)` runs
 * before its tests and the app is closed after them. Answers a holder whose every field (the
 * provider and the functions too) is set on it once the app is up, so the tests read them where
 * they run (`chain.t`, `chain.mine(3)`, `chain.payBatch(id)`), never where they are declared.
 */
export function demoChainAppForFile(options: DemoChainAppOptions): DemoChainApp {
  const chain = {} as DemoChainApp;
  beforeAll(async () => {
    Object.assign(chain, await startDemoChainApp(options));
  }, 300_000);
  // No `close` when the start failed: there is nothing to close then.
  afterAll(() => chain.close?.());
  return chain;
}
