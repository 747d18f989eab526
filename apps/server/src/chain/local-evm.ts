import { createRequire } from 'node:module';
import path from 'node:path';
import { BrowserProvider, ContractFactory, type Eip1193Provider, type Signer } from 'ethers';
import batchTransfer from './batch-transfer.json' with { type: 'json' };
import testUsdt from './test-usdt.json' with { type: 'json' };

export interface LocalEvm {
  /** The raw EIP-1193 provider of the in-process Hardhat network. */
  eip1193: Eip1193Provider;
  provider: BrowserProvider;
}

/**
 * The in-process Hardhat network (an EVM from npm, no outside host). Hardhat finds its
 * configuration through `HARDHAT_CONFIG`; ours sits beside this file. One network per process:
 * Hardhat's runtime environment is a singleton.
 */
export function startLocalEvm(): LocalEvm {
  process.env.HARDHAT_CONFIG ??= path.join(import.meta.dirname, 'hardhat.config.cjs');
  const require = createRequire(import.meta.url);
  const hre = require('hardhat') as { network: { provider: Eip1193Provider } };
  const eip1193 = hre.network.provider;
  // Hardhat answers on its own; ethers' polling is not needed and would only add calls.
  const provider = new BrowserProvider(
    eip1193,
    { chainId: 31337, name: 'hardhat' },
    { polling: false, cacheTimeout: -1, staticNetwork: true },
  );
  return { eip1193, provider };
}

export const testUsdtAbi = testUsdt.abi;

/** Deploys the test USDT token (18 decimals, anyone may mint) and returns its address. */
export async function deployTestUsdt(deployer: Signer): Promise<string> {
  const factory = new ContractFactory(testUsdt.abi, testUsdt.bytecode, deployer);
  const token = await factory.deploy();
  await token.waitForDeployment();
  return token.getAddress();
}

export const batchTransferAbi = batchTransfer.abi;

/** Deploys the multi-send contract (BatchTransfer.sol) and returns its address. */
export async function deployBatchTransfer(deployer: Signer): Promise<string> {
  const factory = new ContractFactory(batchTransfer.abi, batchTransfer.bytecode, deployer);
  const contract = await factory.deploy();
  await contract.waitForDeployment();
  return contract.getAddress();
}
