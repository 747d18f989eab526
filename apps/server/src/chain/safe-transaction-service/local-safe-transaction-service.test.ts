import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SafeApiKit from '@safe-global/api-kit';
import Safe from '@safe-global/protocol-kit';
import { OperationType } from '@safe-global/types-kit';
import { type HDNodeWallet, Interface, parseUnits, Wallet } from 'ethers';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoChain, startDemoChain } from '../demo-chain';
import { demoSafeOwnerAccounts, demoSafeProposerAccount, hardhatAccount } from '../demo-safe';
import { confirmAndExecuteAsDemoOwners } from '../demo-safe-owners';
import { testUsdtAbi } from '../local-evm';
import { contractNetworks } from '../safe-contracts';

const token = new Interface(testUsdtAbi);
const [ownerA, ownerB, ownerC] = demoSafeOwnerAccounts.map((account) => hardhatAccount(account)) as [
  HDNodeWallet,
  HDNodeWallet,
  HDNodeWallet,
];
const proposer = hardhatAccount(demoSafeProposerAccount);

describe('the demo chain’s local Safe Transaction Service', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-safe-service-'));
  let chain: DemoChain;
  let api: SafeApiKit;
  beforeAll(async () => {
    chain = await startDemoChain({ dataDir, port: 0 });
    api = new SafeApiKit({ chainId: BigInt(chain.chainId), txServiceUrl: chain.safeTxServiceUrl });
  }, 300_000);
  afterAll(async () => {
    await chain?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const safeAs = (privateKey: string) =>
    Safe.init({
      provider: chain.rpcUrl,
      signer: privateKey,
      safeAddress: chain.safeAddress,
      contractNetworks: contractNetworks(chain.chainId, chain.safeContracts),
    });
  const walletClient = (privateKey: string) =>
    createWalletClient({
      account: privateKeyToAccount(privateKey as `0x${string}`),
      chain: hardhat,
      transport: http(chain.rpcUrl),
    });
  const addDelegate = (delegate: string, delegatorKey: string) =>
    api.addSafeDelegate({
      safeAddress: chain.safeAddress,
      delegateAddress: delegate,
      delegatorAddress: privateKeyToAccount(delegatorKey as `0x${string}`).address,
      label: 'Uplink payouts',
      signer: walletClient(delegatorKey),
    });

  /** A payout of `amount` USDT to a fresh address at `nonce`, built and signed (eth_sign of its hash) by `signerKey`. */
  async function signedPayout(signerKey: string, nonce: number, amount = '5') {
    const kit = await safeAs(signerKey);
    const transaction = await kit.createTransaction({
      transactions: [
        {
          to: chain.tokenAddress,
          value: '0',
          data: token.encodeFunctionData('transfer', [Wallet.createRandom().address, parseUnits(amount, 18)]),
          operation: OperationType.Call,
        },
      ],
      options: { nonce },
    });
    const safeTxHash = await kit.getTransactionHash(transaction);
    const signature = await kit.signHash(safeTxHash);
    return { transaction, safeTxHash, signature: signature.data };
  }
  const propose = (sender: string, payout: Awaited<ReturnType<typeof signedPayout>>) =>
    api.proposeTransaction({
      safeAddress: chain.safeAddress,
      safeTransactionData: payout.transaction.data,
      safeTxHash: payout.safeTxHash,
      senderAddress: sender,
      senderSignature: payout.signature,
      origin: 'uplink-test',
    });

  it('has the demo proposer as the Safe’s delegate, added by an owner, and takes no delegate a stranger signs for', async () => {
    const stranger = Wallet.createRandom();
    await expect(addDelegate(stranger.address, stranger.privateKey)).rejects.toThrow(/not an owner/);
    const { results } = await api.getSafeDelegates({ safeAddress: chain.safeAddress });
    expect(results).toEqual([
      expect.objectContaining({ safe: chain.safeAddress, delegate: proposer.address, delegator: ownerA.address }),
    ]);
  });

  it('takes a delegate’s proposal without counting it as a confirmation, and refuses a stranger’s', async () => {
    const stranger = Wallet.createRandom();
    await expect(propose(stranger.address, await signedPayout(stranger.privateKey, 0))).rejects.toThrow(
      /is not an owner or delegate/,
    );
    const forged = await signedPayout(proposer.privateKey, 0);
    await expect(
      propose(proposer.address, { ...forged, safeTxHash: (await signedPayout(proposer.privateKey, 1)).safeTxHash }),
    ).rejects.toThrow(/does not match provided contract-tx-hash/);
    await expect(propose(ownerB.address, forged)).rejects.toThrow(/Signature does not match sender/);

    const payout = await signedPayout(proposer.privateKey, 0);
    await propose(proposer.address, payout);
    const listed = await api.getTransaction(payout.safeTxHash);
    expect(listed).toMatchObject({
      safe: chain.safeAddress,
      nonce: '0',
      isExecuted: false,
      proposer: proposer.address,
      proposedByDelegate: proposer.address,
      confirmationsRequired: 2,
      confirmations: [],
    });
    const pending = await api.getPendingTransactions(chain.safeAddress);
    expect(pending.results.map((tx) => tx.safeTxHash)).toEqual([payout.safeTxHash]);
    expect(await api.getNextNonce(chain.safeAddress)).toBe('1');
  });

  it('counts owners’ confirmations, and lists the transaction executed once the owners execute it', async () => {
    const [queued] = (await api.getPendingTransactions(chain.safeAddress)).results;
    if (!queued) throw new Error('the proposal of the test before is not queued');
    const stranger = Wallet.createRandom();
    const strangerKit = await safeAs(stranger.privateKey);
    await expect(
      api.confirmTransaction(queued.safeTxHash, (await strangerKit.signHash(queued.safeTxHash)).data),
    ).rejects.toThrow(/is not an owner or delegate/);
    for (const owner of [ownerA, ownerC]) {
      const kit = await safeAs(owner.privateKey);
      await api.confirmTransaction(queued.safeTxHash, (await kit.signHash(queued.safeTxHash)).data);
    }
    const confirmed = await api.getTransaction(queued.safeTxHash);
    expect(confirmed.confirmations?.map((entry) => entry.owner).sort()).toEqual(
      [ownerA.address, ownerC.address].sort(),
    );

    const executor = await safeAs(ownerB.privateKey);
    const executed = await executor.executeTransaction(confirmed);
    const after = await api.getTransaction(queued.safeTxHash);
    expect(after).toMatchObject({ isExecuted: true, isSuccessful: true, transactionHash: executed.hash.toLowerCase() });
    expect((await api.getPendingTransactions(chain.safeAddress)).results).toEqual([]);
    await expect(propose(proposer.address, await signedPayout(proposer.privateKey, 0, '7'))).rejects.toThrow(
      /Tx with nonce=0 .* already executed/,
    );
  });

  it('has a delegate’s proposal confirmed and executed by the demo owners, as demo:safe-confirm does', async () => {
    const payout = await signedPayout(proposer.privateKey, 1, '4');
    await propose(proposer.address, payout);
    const execution = await confirmAndExecuteAsDemoOwners(chain, payout.safeTxHash);
    expect(execution).toMatchObject({ confirmedBy: [ownerA.address, ownerB.address], successful: true });
    expect(await api.getTransaction(payout.safeTxHash)).toMatchObject({
      isExecuted: true,
      transactionHash: execution.transactionHash,
    });
    await expect(confirmAndExecuteAsDemoOwners(chain, payout.safeTxHash)).rejects.toThrow(/already executed/);
  });

  it('lists a transaction the owners executed without proposing it, as the service indexes the chain', async () => {
    const first = await signedPayout(ownerA.privateKey, 2, '3');
    const kit = await safeAs(ownerA.privateKey);
    const signed = await (await safeAs(ownerB.privateKey)).signTransaction(
      await kit.signTransaction(first.transaction),
    );
    await kit.executeTransaction(signed);
    const { results } = await api.getMultisigTransactions(chain.safeAddress);
    expect(results.map((tx) => [tx.nonce, tx.isExecuted])).toEqual([
      ['2', true],
      ['1', true],
      ['0', true],
    ]);
    expect((await api.getTransaction(first.safeTxHash)).confirmations).toHaveLength(2);
  });
});
