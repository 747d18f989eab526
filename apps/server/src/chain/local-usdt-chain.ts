import { Contract, MaxUint256, parseUnits, type Signer } from 'ethers';
import { EthersDepositChain } from './deposit-chain';
import {
  batchTransferAbi,
  deployBatchTransfer,
  deployTestUsdt,
  type LocalEvm,
  startLocalEvm,
  testUsdtAbi,
} from './local-evm';

/** The in-process EVM with the test USDT deployed, and the few moves tests and the benchmark make on it. */
export interface LocalUsdtChain {
  evm: LocalEvm;
  tokenAddress: string;
  depositChain: EthersDepositChain;
  /**
   * One multi-send transaction from the funded payer (the tests' treasury) through the batch
   * contract: one `Transfer` log per line, in order.
   */
  payMany(lines: readonly { to: string; amount: string }[]): Promise<{ txHash: string; blockNumber: number }>;
  /** Sends `amount` USDT (a decimal string) from the funded payer; resolves with the mined transaction. */
  pay(to: string, amount: string): Promise<{ txHash: string; blockNumber: number; blockTime: Date }>;
  /** Mints `units` of the token's smallest unit straight to `to` (any amount, as the test token lets anyone). */
  mint(to: string, units: bigint): Promise<{ txHash: string }>;
  mine(blocks: number): Promise<void>;
  head(): Promise<number>;
  snapshot(): Promise<string>;
  revert(snapshotId: string): Promise<void>;
  increaseTime(seconds: number): Promise<void>;
  /** Starts the chain over from block 0 with the token redeployed (at the same address), as a restarted dev chain would. */
  restart(): Promise<void>;
}

export async function startLocalUsdtChain(): Promise<LocalUsdtChain> {
  const evm = startLocalEvm();
  const deployer = await evm.provider.getSigner(0);
  const payer: Signer = await evm.provider.getSigner(1);
  const deployFunded = async () => {
    const address = await deployTestUsdt(deployer);
    const contract = new Contract(address, testUsdtAbi, payer);
    await (await contract.getFunction('mint')(await payer.getAddress(), parseUnits('1000000', 18))).wait();
    return { address, contract };
  };
  const { address: tokenAddress, contract: token } = await deployFunded();
  const batchTransfer = new Contract(await deployBatchTransfer(deployer), batchTransferAbi, payer);
  await (await token.getFunction('approve')(await batchTransfer.getAddress(), MaxUint256)).wait();
  const request = (method: string, params: unknown[] = []) => evm.eip1193.request({ method, params });

  return {
    evm,
    tokenAddress,
    depositChain: new EthersDepositChain(evm.provider, tokenAddress, 31337),
    async pay(to, amount) {
      const sent = await token.getFunction('transfer')(to, parseUnits(amount, 18));
      const receipt = await sent.wait();
      const block = await evm.provider.getBlock(receipt.blockNumber);
      return {
        txHash: receipt.hash.toLowerCase(),
        blockNumber: receipt.blockNumber,
        blockTime: new Date((block?.timestamp ?? 0) * 1000),
      };
    },
    async payMany(lines) {
      const sent = await batchTransfer.getFunction('payMany')(
        tokenAddress,
        lines.map((line) => line.to),
        lines.map((line) => parseUnits(line.amount, 18)),
      );
      const receipt = await sent.wait();
      return { txHash: receipt.hash.toLowerCase(), blockNumber: receipt.blockNumber };
    },
    async mint(to, units) {
      const receipt = await (await token.getFunction('mint')(to, units)).wait();
      return { txHash: receipt.hash.toLowerCase() };
    },
    async mine(blocks) {
      if (blocks > 0) await request('hardhat_mine', [`0x${blocks.toString(16)}`]);
    },
    head: () => evm.provider.getBlockNumber(),
    snapshot: async () => (await request('evm_snapshot')) as string,
    async revert(snapshotId) {
      await request('evm_revert', [snapshotId]);
    },
    async increaseTime(seconds) {
      await request('evm_increaseTime', [seconds]);
    },
    async restart() {
      await request('hardhat_reset');
      const { address } = await deployFunded();
      if (address !== tokenAddress) throw new Error('the restarted chain deployed the token elsewhere');
    },
  };
}
