import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Safe from '@safe-global/protocol-kit';
import { OperationType } from '@safe-global/types-kit';
import { Contract, Interface, JsonRpcProvider, parseUnits, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTreasurySafeAddress } from '../config/withdrawals-config';
import { type DemoChain, startDemoChain } from './demo-chain';
import { demoSafeOwnerAccounts, demoSafeProposerAccount, hardhatAccount } from './demo-safe';
import { testUsdtAbi } from './local-evm';
import { contractNetworks } from './safe-contracts';

const token = new Interface(testUsdtAbi);

describe('the demo chain’s treasury Safe', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-demo-safe-'));
  let chain: DemoChain;
  let provider: JsonRpcProvider;
  beforeAll(async () => {
    chain = await startDemoChain({ dataDir, port: 0 });
    provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true, cacheTimeout: -1 });
  }, 300_000);
  afterAll(async () => {
    provider?.destroy();
    await chain?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ownerSafe = (account: number) =>
    Safe.init({
      provider: chain.rpcUrl,
      signer: hardhatAccount(account).privateKey,
      safeAddress: chain.safeAddress,
      contractNetworks: contractNetworks(chain.chainId, chain.safeContracts),
    });
  const usdtBalance = async (holder: string): Promise<bigint> =>
    new Contract(chain.tokenAddress, testUsdtAbi, provider).getFunction('balanceOf')(holder);

  it('is a 2-of-3 Safe 1.4.1 of the demo owners, holding test USDT, where local mode expects it', async () => {
    const safe = await ownerSafe(demoSafeOwnerAccounts[0]);
    expect(chain.safeAddress).toBe(demoTreasurySafeAddress);
    expect(await safe.getContractVersion()).toBe('1.4.1');
    expect(await safe.getThreshold()).toBe(2);
    expect((await safe.getOwners()).sort()).toEqual(
      demoSafeOwnerAccounts.map((account) => hardhatAccount(account).address).sort(),
    );
    expect(await safe.isOwner(hardhatAccount(demoSafeProposerAccount).address)).toBe(false);
    expect(await usdtBalance(chain.safeAddress)).toBe(parseUnits('1000000', 18));
  });

  it('pays a MultiSendCallOnly of USDT transfers once two owners signed, and not with one', async () => {
    const [payeeOne, payeeTwo] = [Wallet.createRandom().address, Wallet.createRandom().address];
    const recipients = [payeeOne, payeeTwo];
    const first = await ownerSafe(demoSafeOwnerAccounts[0]);
    const transaction = await first.createTransaction({
      transactions: recipients.map((to, index) => ({
        to: chain.tokenAddress,
        value: '0',
        data: token.encodeFunctionData('transfer', [to, parseUnits(`${index + 1}.5`, 18)]),
        operation: OperationType.Call,
      })),
    });
    expect(transaction.data.to).toBe(chain.safeContracts.multiSendCallOnlyAddress);
    const signedOnce = await first.signTransaction(transaction);
    await expect(first.executeTransaction(signedOnce)).rejects.toThrow();

    const second = await ownerSafe(demoSafeOwnerAccounts[1]);
    const signedTwice = await second.signTransaction(signedOnce);
    const executed = await second.executeTransaction(signedTwice);
    expect((await provider.getTransactionReceipt(executed.hash))?.status).toBe(1);
    expect(await usdtBalance(payeeOne)).toBe(parseUnits('1.5', 18));
    expect(await usdtBalance(payeeTwo)).toBe(parseUnits('2.5', 18));
    expect(await second.getNonce()).toBe(1);
  });
});
