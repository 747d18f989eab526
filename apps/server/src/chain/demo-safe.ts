import type { Eip1193Provider } from '@safe-global/protocol-kit';
import { Contract, HDNodeWallet, parseUnits, type Signer } from 'ethers';
import { createWalletClient, defineChain, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { SafeContractAddresses } from '../config/safe-config';
import { demoTreasurySafeAddress } from '../config/withdrawals-config';
import { testUsdtAbi } from './local-evm';
import { deploySafe, deploySafeContracts } from './safe-contracts';

/** Hardhat's public test mnemonic: its accounts are the demo chain's, never for real funds. */
const hardhatMnemonic = 'test test test test test test test test test test test junk';

/** The Hardhat test account at `index` as a wallet of its own (its key derived from the public mnemonic). */
export const hardhatAccount = (index: number): HDNodeWallet =>
  HDNodeWallet.fromPhrase(hardhatMnemonic, undefined, `m/44'/60'/0'/0/${index}`);

/**
 * The demo treasury Safe: a 2-of-3 of Hardhat's third to fifth test accounts, which
 * `npm run demo:safe-confirm` signs and executes as. Its proposer is the sixth account, a delegate
 * and no owner: it can propose to the Transaction Service but neither sign for the Safe nor execute.
 */
export const demoSafeOwnerAccounts = [2, 3, 4] as const;
export const demoSafeThreshold = 2;
export const demoSafeProposerAccount = 5;
const demoSafeSaltNonce = '41';

/** The test USDT the demo treasury Safe starts with. */
const demoSafeFunds = parseUnits('1000000', 18);

export interface DemoTreasurySafe {
  safeAddress: string;
  safeContracts: SafeContractAddresses;
}

/**
 * Deploys the Safe 1.4.1 contracts and the demo treasury Safe, and funds it with test USDT. The
 * chain is fresh on every start and deployed in the same order, so the Safe lands at the address
 * local mode's configuration names (`demoTreasurySafeAddress`); anywhere else is refused.
 */
export async function deployDemoTreasurySafe(
  provider: Eip1193Provider | string,
  deployer: Signer,
  chainId: number,
  tokenAddress: string,
): Promise<DemoTreasurySafe> {
  const safeContracts = await deploySafeContracts(deployer);
  const safeAddress = await deploySafe(provider, deployer, chainId, safeContracts, {
    owners: demoSafeOwnerAccounts.map((index) => hardhatAccount(index).address),
    threshold: demoSafeThreshold,
    saltNonce: demoSafeSaltNonce,
  });
  if (safeAddress !== demoTreasurySafeAddress) {
    throw new Error(`The demo treasury Safe was deployed at ${safeAddress}, not ${demoTreasurySafeAddress}`);
  }
  const token = new Contract(tokenAddress, testUsdtAbi, deployer);
  await (await token.getFunction('mint')(safeAddress, demoSafeFunds)).wait();
  return { safeAddress, safeContracts };
}

/**
 * The first demo owner makes the demo proposer a delegate of the demo treasury Safe on the
 * Transaction Service, as an owner does in Safe{Wallet} (Settings → Proposers): api-kit signs the
 * service's EIP-712 `Delegate` message with the owner's key.
 */
export async function registerDemoProposer(options: {
  serviceUrl: string;
  rpcUrl: string;
  chainId: number;
  safeAddress: string;
}): Promise<void> {
  const { default: SafeApiKit } = await import('@safe-global/api-kit');
  const owner = hardhatAccount(demoSafeOwnerAccounts[0]);
  const chain = defineChain({
    id: options.chainId,
    name: 'Uplink demo chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const signer = createWalletClient({
    account: privateKeyToAccount(owner.privateKey as `0x${string}`),
    chain,
    transport: http(options.rpcUrl),
  });
  const api = new SafeApiKit({ chainId: BigInt(options.chainId), txServiceUrl: options.serviceUrl });
  await api.addSafeDelegate({
    safeAddress: options.safeAddress,
    delegateAddress: hardhatAccount(demoSafeProposerAccount).address,
    delegatorAddress: owner.address,
    label: 'Uplink payouts (demo)',
    signer,
  });
}
