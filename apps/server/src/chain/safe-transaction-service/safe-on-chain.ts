import { AbiCoder, Contract, getAddress, Interface, type JsonRpcProvider, ZeroAddress } from 'ethers';
import type { SafeTxFields } from './safe-signatures';

/** What the Transaction Service reads of a Safe 1.3.0+ (the SafeL2 events included), by signature. */
export const safeAbi = new Interface([
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function nonce() view returns (uint256)',
  'function VERSION() view returns (string)',
  'function approvedHashes(address owner, bytes32 hash) view returns (uint256)',
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)',
  'event SafeMultiSigTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures, bytes additionalInfo)',
]);

/** Safe's storage slots (SafeStorage and the managers' keccak256 slots). */
const singletonSlot = 0n;
const fallbackHandlerSlot = '0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5';
const guardSlot = '0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8';
const sentinel = '0x0000000000000000000000000000000000000001';

export interface SafeState {
  address: string;
  nonce: bigint;
  threshold: number;
  owners: string[];
  singleton: string;
  modules: string[];
  fallbackHandler: string;
  guard: string;
  version: string;
}

const slotAddress = (word: string) => getAddress(`0x${word.slice(-40)}`);

/** The Safe's configuration as its contract answers now. */
export async function readSafeState(provider: JsonRpcProvider, address: string): Promise<SafeState> {
  const safe = new Contract(address, safeAbi, provider);
  const [owners, threshold, nonce, version, modules, singleton, fallbackHandler, guard] = await Promise.all([
    safe.getFunction('getOwners')() as Promise<string[]>,
    safe.getFunction('getThreshold')() as Promise<bigint>,
    safe.getFunction('nonce')() as Promise<bigint>,
    safe.getFunction('VERSION')() as Promise<string>,
    safe.getFunction('getModulesPaginated')(sentinel, 100) as Promise<[string[], string]>,
    provider.getStorage(address, singletonSlot),
    provider.getStorage(address, fallbackHandlerSlot),
    provider.getStorage(address, guardSlot),
  ]);
  return {
    address: getAddress(address),
    nonce,
    threshold: Number(threshold),
    owners: owners.map((owner) => getAddress(owner)),
    singleton: slotAddress(singleton),
    modules: [...modules[0]],
    fallbackHandler: slotAddress(fallbackHandler),
    guard: slotAddress(guard),
    version,
  };
}

export async function hashApproved(
  provider: JsonRpcProvider,
  safeAddress: string,
  owner: string,
  hash: string,
): Promise<boolean> {
  const approved: bigint = await new Contract(safeAddress, safeAbi, provider).getFunction('approvedHashes')(
    owner,
    hash,
  );
  return approved !== 0n;
}

/** One `execTransaction` of the Safe as its SafeL2 events tell it. */
export interface ExecutedSafeTx extends SafeTxFields {
  safeTxHash: string;
  executor: string;
  signatures: string;
  isSuccessful: boolean;
  transactionHash: string;
  blockNumber: number;
  executionDate: Date;
}

/**
 * Every transaction the Safe executed in blocks `fromBlock`..`toBlock` (all of them unless told),
 * as the service's indexer finds them: each `SafeMultiSigTransaction` (its fields; nonce and
 * sender in `additionalInfo`) followed, in the same transaction, by an `ExecutionSuccess` or
 * `ExecutionFailure` naming its safeTxHash — so a range never splits one.
 */
export async function readExecutedSafeTxs(
  provider: JsonRpcProvider,
  safeAddress: string,
  blocks: { fromBlock: number; toBlock: number | 'latest' } = { fromBlock: 0, toBlock: 'latest' },
): Promise<ExecutedSafeTx[]> {
  const logs = await provider.getLogs({ address: safeAddress, ...blocks });
  const executed: ExecutedSafeTx[] = [];
  let pending: Omit<ExecutedSafeTx, 'safeTxHash' | 'isSuccessful' | 'executionDate'> | null = null;
  const blockTimes = new Map<number, Date>();
  for (const log of logs) {
    const event = safeAbi.parseLog(log);
    if (event?.name === 'SafeMultiSigTransaction') {
      const [nonce, sender] = AbiCoder.defaultAbiCoder().decode(
        ['uint256', 'address', 'uint256'],
        event.args.additionalInfo,
      );
      pending = {
        to: getAddress(event.args.to),
        value: event.args.value.toString(),
        data: event.args.data === '0x' ? null : event.args.data,
        operation: Number(event.args.operation),
        safeTxGas: event.args.safeTxGas.toString(),
        baseGas: event.args.baseGas.toString(),
        gasPrice: event.args.gasPrice.toString(),
        gasToken: getAddress(event.args.gasToken),
        refundReceiver: getAddress(event.args.refundReceiver),
        nonce: (nonce as bigint).toString(),
        executor: getAddress(sender as string),
        signatures: event.args.signatures,
        transactionHash: log.transactionHash.toLowerCase(),
        blockNumber: log.blockNumber,
      };
    } else if ((event?.name === 'ExecutionSuccess' || event?.name === 'ExecutionFailure') && pending) {
      if (!blockTimes.has(log.blockNumber)) {
        const block = await provider.getBlock(log.blockNumber);
        blockTimes.set(log.blockNumber, new Date(Number(block?.timestamp ?? 0) * 1000));
      }
      executed.push({
        ...pending,
        safeTxHash: (event.args.txHash as string).toLowerCase(),
        isSuccessful: event.name === 'ExecutionSuccess',
        executionDate: blockTimes.get(log.blockNumber) ?? new Date(0),
      });
      pending = null;
    }
  }
  return executed;
}

/** An address as the service writes it in a transaction: checksummed, the zero address for none. */
export const addressOrZero = (address: string | null | undefined) => getAddress(address || ZeroAddress);
