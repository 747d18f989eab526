import { JsonRpcProvider } from 'ethers';
import type { DemoChainInfo } from './demo-chain';
import { demoSafeOwnerAccounts, hardhatAccount } from './demo-safe';
import { contractNetworks } from './safe-contracts';
import { usdtTransfersOf } from './treasury-safe';

export interface DemoSafeExecution {
  /** The owners who confirmed it here (those who had already are not asked again). */
  confirmedBy: string[];
  transactionHash: string;
  successful: boolean;
}

type DemoSafeChain = Pick<
  DemoChainInfo,
  'rpcUrl' | 'chainId' | 'safeAddress' | 'safeTxServiceUrl' | 'safeContracts' | 'tokenAddress'
>;

/**
 * The gas an owner's execution of a Safe transaction making `transfers` USDT transfers may use,
 * stated rather than estimated: the demo chain refuses an estimate that would start above the
 * 2^24 cap a transaction has (EIP-7825), as it does for a part of 300 transfers. A transfer to a
 * new holder through the Safe and its MultiSend stays under 32,000 gas; 40,000 a transfer and the
 * Safe's own checks leave room, and 300 transfers (PAYOUT_TRANSFERS_PER_TRANSACTION's default) fit.
 */
const safeExecutionGasLimit = (transfers: number) => Math.min(2 ** 24, 300_000 + transfers * 40_000);

/**
 * What the demo treasury's owners do in Safe{Wallet} with a queued transaction: each owner who has
 * not yet confirmed it signs its safeTxHash and posts the confirmation to the Transaction Service,
 * until the threshold is met, and then an owner executes it on chain with every confirmation.
 * Refused for a transaction the service does not know or that is already executed.
 */
export async function confirmAndExecuteAsDemoOwners(
  chain: DemoSafeChain,
  safeTxHash: string,
): Promise<DemoSafeExecution> {
  const [{ default: Safe }, { default: SafeApiKit }] = await Promise.all([
    import('@safe-global/protocol-kit'),
    import('@safe-global/api-kit'),
  ]);
  const api = new SafeApiKit({ chainId: BigInt(chain.chainId), txServiceUrl: chain.safeTxServiceUrl });
  const ownerSafe = (privateKey: string) =>
    Safe.init({
      provider: chain.rpcUrl,
      signer: privateKey,
      safeAddress: chain.safeAddress,
      contractNetworks: contractNetworks(chain.chainId, chain.safeContracts),
    });
  const queued = await api.getTransaction(safeTxHash);
  if (queued.isExecuted) {
    throw new Error(`Safe transaction ${safeTxHash} is already executed, in ${queued.transactionHash}`);
  }
  const confirmed = new Set((queued.confirmations ?? []).map((confirmation) => confirmation.owner));
  const confirmedBy: string[] = [];
  const owners = demoSafeOwnerAccounts.map((account) => hardhatAccount(account));
  for (const owner of owners) {
    if (confirmed.size >= queued.confirmationsRequired) break;
    if (confirmed.has(owner.address)) continue;
    const signature = await (await ownerSafe(owner.privateKey)).signHash(safeTxHash);
    await api.confirmTransaction(safeTxHash, signature.data);
    confirmed.add(owner.address);
    confirmedBy.push(owner.address);
  }
  const [executor] = owners;
  if (!executor) throw new Error('The demo treasury Safe has no owners');
  const confirmedTransaction = await api.getTransaction(safeTxHash);
  const transfers = usdtTransfersOf(
    { to: confirmedTransaction.to, data: confirmedTransaction.data ?? null },
    chain.tokenAddress,
  ).length;
  const execution = await (await ownerSafe(executor.privateKey)).executeTransaction(confirmedTransaction, {
    gasLimit: safeExecutionGasLimit(transfers),
  });
  const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true });
  try {
    const receipt = await provider.waitForTransaction(execution.hash);
    return { confirmedBy, transactionHash: execution.hash.toLowerCase(), successful: receipt?.status === 1 };
  } finally {
    provider.destroy();
  }
}

/**
 * What the demo treasury's owners do in Safe{Wallet} to drop a queued transaction: a rejection
 * (an empty transaction) at its nonce, signed by two owners and executed, so the nonce is used.
 * The rejection's transaction hash, lower case.
 */
export async function rejectAsDemoOwners(chain: DemoSafeChain, nonce: string): Promise<string> {
  const { default: Safe } = await import('@safe-global/protocol-kit');
  const [first, second] = await Promise.all(
    demoSafeOwnerAccounts.slice(0, 2).map((account) =>
      Safe.init({
        provider: chain.rpcUrl,
        signer: hardhatAccount(account).privateKey,
        safeAddress: chain.safeAddress,
        contractNetworks: contractNetworks(chain.chainId, chain.safeContracts),
      }),
    ),
  );
  if (!first || !second) throw new Error('The demo treasury Safe has fewer than two owners');
  const rejection = await first.createRejectionTransaction(Number(nonce));
  const { hash } = await second.executeTransaction(
    await second.signTransaction(await first.signTransaction(rejection)),
  );
  const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true });
  try {
    await provider.waitForTransaction(hash);
  } finally {
    provider.destroy();
  }
  return hash.toLowerCase();
}
