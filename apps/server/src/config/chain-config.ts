import { usdtBscContract } from '@uplink/contract/constants';
import type { Environment } from './environment';

/** The fixed demo key of local mode: m/44'/60'/1'/0 of the public Hardhat test mnemonic (never for real funds). */
export const demoDepositXpub =
  'xpub6EFHUEbYV13535ChA9yg5xZTWowwFCmFoWnhLbwkd91xHoirGu89GTZwBSUBnBpFeY5EV2cgof8yuyDnkeGALcD8DgGYJSiQfkxKpunWTX1';

export interface ChainConfig {
  /** JSON-RPC endpoint of BSC; unset in local mode, where the demo chain provides one. */
  rpcUrl: string | undefined;
  chainId: number;
  /** The USDT token; in demo-chain mode the locally deployed test token replaces it. */
  usdtContractAddress: string;
  /** Blocks (the transfer's included) before a transfer counts. */
  confirmations: number;
  depositScanIntervalMs: number;
  /** How often the treasury reconciliation reads the treasury's outgoing transfers. */
  treasuryScanIntervalMs: number;
  /** First block the deposit scanner reads when it has no cursor yet; unset: the current head. */
  depositScanStartBlock: number | undefined;
  /** Local mode: run an in-process EVM dev chain with a test USDT token (see chain/demo-chain.ts). */
  demoChain: boolean;
  /** The demo chain's multi-send contract, once it runs (the demo treasury pays batches through it). */
  demoBatchTransferAddress: string | undefined;
  demoChainPort: number;
}

export function chainConfig(vars: Environment, demoChain: boolean): ChainConfig {
  return {
    rpcUrl: vars.BSC_RPC_URL,
    chainId: vars.BSC_CHAIN_ID,
    usdtContractAddress: vars.USDT_CONTRACT_ADDRESS ?? usdtBscContract,
    // The demo chain mines a block every second: two confirmations keep the demo quick.
    confirmations: vars.CONFIRMATIONS ?? (demoChain ? 2 : 15),
    depositScanIntervalMs: vars.DEPOSIT_SCAN_INTERVAL_MS,
    // The demo approves a paid batch within seconds; a real chain's confirmations take longer anyway.
    treasuryScanIntervalMs: vars.TREASURY_SCAN_INTERVAL_MS ?? (demoChain ? 2000 : vars.DEPOSIT_SCAN_INTERVAL_MS),
    depositScanStartBlock: vars.DEPOSIT_SCAN_START_BLOCK,
    demoChain,
    demoBatchTransferAddress: undefined,
    demoChainPort: vars.DEMO_CHAIN_PORT,
  };
}
