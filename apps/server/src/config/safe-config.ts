import type { ContractNetworkConfig } from '@safe-global/protocol-kit';
import type { Environment } from './environment';
import { demoTreasurySafeAddress } from './withdrawals-config';

/**
 * The treasury Safe payouts are proposed to (issue 41). Proposing needs all three of the Safe,
 * its chain's Safe Transaction Service and the proposer's key; without them a batch is paid by
 * downloaded files only.
 */
export interface SafeConfig {
  /** TREASURY_SAFE_ADDRESS: the Safe itself, one of the treasury addresses; locally the demo treasury Safe. */
  treasurySafeAddress: string | undefined;
  /**
   * SAFE_TX_SERVICE_URL: the Safe Transaction Service of the chain, its `/api` root; locally the
   * demo chain's own service (set once the demo chain runs).
   */
  txServiceUrl: string | undefined;
  /**
   * SAFE_PROPOSER_PRIVATE_KEY: a delegate of the Safe (docs/deployment.md, "The Safe's proposer"),
   * never an owner: it can propose to the service but neither confirm nor execute. Locally the demo proposer.
   */
  proposerPrivateKey: string | undefined;
  /** The Safe contracts of a chain protocol-kit does not know: the demo chain's (set once it runs). */
  contracts: SafeContractAddresses | undefined;
  /**
   * SAFE_TX_SERVICE_TIMEOUT_MS: the longest one call to the service or the chain behind it may
   * take; a propose holds its batch's row lock meanwhile, and answers 503 past it.
   */
  callTimeoutMs: number;
}

/**
 * The contracts a Safe 1.4.1 needs on a chain, as protocol-kit's `contractNetworks` names them.
 * The singleton is SafeL2 (it emits an event per transaction, as Safe deploys on BSC and other L2s).
 */
export type SafeContractAddresses = Required<
  Pick<
    ContractNetworkConfig,
    | 'safeSingletonAddress'
    | 'safeProxyFactoryAddress'
    | 'multiSendAddress'
    | 'multiSendCallOnlyAddress'
    | 'fallbackHandlerAddress'
    | 'signMessageLibAddress'
    | 'createCallAddress'
    | 'simulateTxAccessorAddress'
  >
>;

/** The demo proposer's key: Hardhat's sixth public test account (chain/demo-safe.ts), never for real funds. */
export const demoSafeProposerPrivateKey = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';

export function safeConfig(vars: Environment, demoChain: boolean): SafeConfig {
  return {
    treasurySafeAddress: vars.TREASURY_SAFE_ADDRESS ?? (demoChain ? demoTreasurySafeAddress : undefined),
    txServiceUrl: vars.SAFE_TX_SERVICE_URL,
    proposerPrivateKey: vars.SAFE_PROPOSER_PRIVATE_KEY ?? (demoChain ? demoSafeProposerPrivateKey : undefined),
    contracts: undefined,
    callTimeoutMs: vars.SAFE_TX_SERVICE_TIMEOUT_MS,
  };
}

/** What proposing to the Safe needs, when all of it is set. */
export type ConfiguredSafe = {
  [Setting in 'treasurySafeAddress' | 'txServiceUrl' | 'proposerPrivateKey']: NonNullable<SafeConfig[Setting]>;
} & Pick<SafeConfig, 'contracts' | 'callTimeoutMs'>;

export function configuredSafe(config: SafeConfig): ConfiguredSafe | undefined {
  const { treasurySafeAddress, txServiceUrl, proposerPrivateKey, contracts, callTimeoutMs } = config;
  if (!treasurySafeAddress || !txServiceUrl || !proposerPrivateKey) return undefined;
  return { treasurySafeAddress, txServiceUrl, proposerPrivateKey, contracts, callTimeoutMs };
}
