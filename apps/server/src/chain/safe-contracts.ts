import { createRequire } from 'node:module';
import type { Eip1193Provider } from '@safe-global/protocol-kit';
import { ContractFactory, getAddress, type InterfaceAbi, type Signer } from 'ethers';
import type { SafeContractAddresses } from '../config/safe-config';

/** The Safe release the demo chain deploys and the product proposes to. */
export const safeVersion = '1.4.1';

/** Where each artifact sits in `@safe-global/safe-contracts` 1.4.1 (its own Hardhat build). */
const artifactPaths: Record<keyof SafeContractAddresses, string> = {
  safeSingletonAddress: 'SafeL2.sol/SafeL2.json',
  safeProxyFactoryAddress: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  multiSendAddress: 'libraries/MultiSend.sol/MultiSend.json',
  multiSendCallOnlyAddress: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
  fallbackHandlerAddress: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  signMessageLibAddress: 'libraries/SignMessageLib.sol/SignMessageLib.json',
  createCallAddress: 'libraries/CreateCall.sol/CreateCall.json',
  simulateTxAccessorAddress: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json',
};

interface Artifact {
  abi: InterfaceAbi;
  bytecode: string;
}

/**
 * Safe's own compiled contracts, read from the npm package when a chain is deployed (a
 * devDependency: only local chains deploy them, so a production host never loads them).
 */
function safeArtifact(file: string): Artifact {
  const require = createRequire(import.meta.url);
  return require(`@safe-global/safe-contracts/build/artifacts/contracts/${file}`) as Artifact;
}

/** Deploys the Safe 1.4.1 contracts from `deployer`, one after another (their addresses follow its nonces). */
export async function deploySafeContracts(deployer: Signer): Promise<SafeContractAddresses> {
  const addresses: Partial<SafeContractAddresses> = {};
  for (const [name, file] of Object.entries(artifactPaths) as [keyof SafeContractAddresses, string][]) {
    const { abi, bytecode } = safeArtifact(file);
    const contract = await new ContractFactory(abi, bytecode, deployer).deploy();
    await contract.waitForDeployment();
    addresses[name] = getAddress(await contract.getAddress());
  }
  return addresses as SafeContractAddresses;
}

/** How protocol-kit and api-kit find the contracts on a chain of ours. */
export const contractNetworks = (chainId: number, addresses: SafeContractAddresses) => ({
  [String(chainId)]: addresses,
});

export interface SafeAccount {
  owners: readonly string[];
  threshold: number;
  /** The proxy factory's salt: the same owners, threshold and salt give the same address. */
  saltNonce: string;
}

/**
 * Deploys a Safe (a proxy of the singleton, set up with its owners and threshold and the
 * compatibility fallback handler) as Safe{Wallet} does: protocol-kit predicts the address and
 * builds the proxy factory's `createProxyWithNonce` call, which `sender` sends.
 */
export async function deploySafe(
  provider: Eip1193Provider | string,
  sender: Signer,
  chainId: number,
  addresses: SafeContractAddresses,
  account: SafeAccount,
): Promise<string> {
  const { default: Safe } = await import('@safe-global/protocol-kit');
  const predicted = await Safe.init({
    provider,
    predictedSafe: {
      safeAccountConfig: { owners: [...account.owners], threshold: account.threshold },
      safeDeploymentConfig: { saltNonce: account.saltNonce, safeVersion },
    },
    contractNetworks: contractNetworks(chainId, addresses),
  });
  const deployment = await predicted.createSafeDeploymentTransaction();
  const sent = await sender.sendTransaction({ to: deployment.to, data: deployment.data, value: deployment.value });
  await sent.wait();
  return getAddress(await predicted.getAddress());
}
