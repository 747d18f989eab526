import {
  type AbstractProvider,
  formatUnits,
  getAddress,
  id,
  JsonRpcProvider,
  type Log,
  Network,
  zeroPadValue,
} from 'ethers';
import { type Config, ConfigError } from '../config/load-config';

/** One USDT `Transfer` to a member's deposit address, as read from the chain. */
export interface UsdtTransfer {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  /** Lower-case 0x addresses. */
  from: string;
  to: string;
  /** USDT as a decimal string (the token has 18 decimals). */
  amount: string;
  /** The log's value as it stands on chain: the token's smallest units (a uint256), in decimal. */
  rawAmount: string;
}

/** The chain reads the deposit scanner needs; one JSON-RPC call each (transfersTo: one eth_getLogs). */
export interface DepositChain {
  readonly tokenAddress: string;
  readonly chainId: number;
  headBlockNumber(): Promise<number>;
  /** Null when the chain has no such block (it was reset or is shorter). */
  blockHash(blockNumber: number): Promise<string | null>;
  blockTime(blockNumber: number): Promise<Date>;
  transfersTo(recipients: readonly string[], fromBlock: number, toBlock: number): Promise<UsdtTransfer[]>;
  /** Transfers sent by any of `senders` (the treasury's outgoing payments): one eth_getLogs. */
  transfersFrom(senders: readonly string[], fromBlock: number, toBlock: number): Promise<UsdtTransfer[]>;
  /** The USDT transfers a successful transaction made; null when the chain has no such mined transaction. */
  transfersIn(txHash: string): Promise<UsdtTransfer[] | null>;
}

export const transferTopic = id('Transfer(address,address,uint256)');
const usdtDecimals = 18;

const addressTopics = (addresses: readonly string[]) =>
  addresses.map((address) => zeroPadValue(address.toLowerCase(), 32));
const topicToAddress = (topic: string) => `0x${topic.slice(-40)}`.toLowerCase();

/** A `Transfer` log of the token (three topics, the value in data) as a transfer. */
function transferOf(log: Log): UsdtTransfer {
  const value = BigInt(log.data.slice(0, 66));
  return {
    txHash: log.transactionHash.toLowerCase(),
    logIndex: log.index,
    blockNumber: log.blockNumber,
    blockHash: log.blockHash.toLowerCase(),
    from: topicToAddress(log.topics[1] as string),
    to: topicToAddress(log.topics[2] as string),
    amount: formatUnits(value, usdtDecimals),
    rawAmount: value.toString(),
  };
}

/** DepositChain over any ethers v6 provider: a BSC JSON-RPC endpoint, the demo chain or an in-process EVM. */
export class EthersDepositChain implements DepositChain {
  readonly tokenAddress: string;

  constructor(
    private readonly provider: AbstractProvider,
    tokenAddress: string,
    readonly chainId: number,
  ) {
    this.tokenAddress = getAddress(tokenAddress);
  }

  headBlockNumber(): Promise<number> {
    return this.provider.getBlockNumber();
  }

  async blockHash(blockNumber: number): Promise<string | null> {
    const block = await this.provider.getBlock(blockNumber);
    return block?.hash ?? null;
  }

  async blockTime(blockNumber: number): Promise<Date> {
    const block = await this.provider.getBlock(blockNumber);
    if (!block) throw new Error(`Block ${blockNumber} is not on the chain`);
    return new Date(block.timestamp * 1000);
  }

  async transfersIn(txHash: string): Promise<UsdtTransfer[] | null> {
    const receipt = await this.provider.getTransactionReceipt(txHash);
    if (receipt?.status !== 1) return null;
    return receipt.logs
      .filter(
        (log) =>
          log.address.toLowerCase() === this.tokenAddress.toLowerCase() &&
          log.topics[0] === transferTopic &&
          log.topics.length === 3 &&
          log.data.length >= 66,
      )
      .map(transferOf);
  }

  transfersTo(recipients: readonly string[], fromBlock: number, toBlock: number): Promise<UsdtTransfer[]> {
    // Topic 2 is the indexed recipient: an OR-list of member addresses, so one call covers a whole batch.
    return this.transferLogs([transferTopic, null, addressTopics(recipients)], fromBlock, toBlock);
  }

  transfersFrom(senders: readonly string[], fromBlock: number, toBlock: number): Promise<UsdtTransfer[]> {
    // Topic 1 is the indexed sender: every treasury address in one call, however many payments it made.
    return this.transferLogs([transferTopic, addressTopics(senders)], fromBlock, toBlock);
  }

  private async transferLogs(
    topics: (string | string[] | null)[],
    fromBlock: number,
    toBlock: number,
  ): Promise<UsdtTransfer[]> {
    if (topics.some((topic) => Array.isArray(topic) && topic.length === 0)) return [];
    const logs = await this.provider.getLogs({ address: this.tokenAddress, topics, fromBlock, toBlock });
    return logs.filter((log) => !log.removed && log.topics.length === 3 && log.data.length >= 66).map(transferOf);
  }
}

/**
 * The chain client from the configuration: one request per call (public BSC nodes refuse large
 * batches) on a fixed network. Without an endpoint deposit scanning is off — not acceptable in
 * production, where nobody could ever pay.
 */
export function createDepositChain(config: Pick<Config, 'production' | 'chain'>): DepositChain | null {
  const { rpcUrl, chainId, usdtContractAddress } = config.chain;
  if (!rpcUrl) {
    if (config.production) throw new ConfigError('BSC_RPC_URL is required in production');
    return null;
  }
  const network = Network.from(chainId);
  const provider = new JsonRpcProvider(rpcUrl, network, { staticNetwork: network, batchMaxCount: 1 });
  return new EthersDepositChain(provider, usdtContractAddress, chainId);
}
