import type SafeApiKit from '@safe-global/api-kit';
import { getAddress, Interface, parseUnits } from 'ethers';
import { type ConfiguredSafe, configuredSafe, type SafeConfig } from '../config/safe-config';
import { ServiceUnavailableError } from '../domain-error';
import { contractNetworks } from './safe-contracts';

/** One USDT transfer of a Safe transaction: to a wallet, an exact decimal amount. */
export interface SafeTransfer {
  wallet: string;
  amount: string;
}

/** A transaction the Transaction Service lists for the Safe, as far as proposing reads it. */
export interface ServiceTransaction {
  safeTxHash: string;
  nonce: string;
  to: string;
  data: string | null;
  isExecuted: boolean;
  /** What the proposer said it is (`origin`): the product names its batch and part there. */
  origin: string | null;
  /** The owners' confirmations it holds, and how many its execution needs (the Safe's threshold). */
  confirmations: number;
  threshold: number;
}

export interface ProposedSafeTx {
  safeTxHash: string;
  nonce: string;
}

const usdt = new Interface(['function transfer(address to, uint256 value) returns (bool)']);
const multiSend = new Interface(['function multiSend(bytes transactions)']);

/** One call of a Safe transaction: directly, or one of a MultiSend's packed calls. */
interface SafeCall {
  to: string;
  data: string;
}

/** The calls of a MultiSend's packed `transactions`: operation (1 byte), to (20), value (32), data length (32), data. */
function unpackMultiSend(packed: string): SafeCall[] {
  const bytes = packed.slice(2);
  const calls: SafeCall[] = [];
  for (let at = 0; at + 170 <= bytes.length; ) {
    const to = getAddress(`0x${bytes.slice(at + 2, at + 42)}`);
    const length = Number.parseInt(bytes.slice(at + 106, at + 170), 16) * 2;
    calls.push({ to, data: `0x${bytes.slice(at + 170, at + 170 + length)}` });
    at += 170 + length;
  }
  return calls;
}

/**
 * The USDT transfers a queued Safe transaction would make, as the Transaction Service lists it: a
 * `transfer` call of the token, or those among a MultiSend's calls (a Transaction Builder or CSV
 * Airdrop import, or a proposal). Wallets lower case, values in the token's base units.
 */
export function usdtTransfersOf(
  tx: Pick<ServiceTransaction, 'to' | 'data'>,
  token: string,
): { wallet: string; units: bigint }[] {
  const data = tx.data ?? '0x';
  let calls: SafeCall[] = [{ to: tx.to, data }];
  if (data.toLowerCase().startsWith(multiSend.getFunction('multiSend')?.selector ?? '0x8d80ff0a')) {
    calls = unpackMultiSend(multiSend.decodeFunctionData('multiSend', data)[0] as string);
  }
  const transferSelector = usdt.getFunction('transfer')?.selector ?? '0xa9059cbb';
  return calls
    .filter((call) => call.to === getAddress(token) && call.data.toLowerCase().startsWith(transferSelector))
    .map((call) => {
      const [wallet, units] = usdt.decodeFunctionData('transfer', call.data);
      return { wallet: (wallet as string).toLowerCase(), units: units as bigint };
    });
}
/** How many queued transactions one call to the service lists (its own default). */
const queuePageSize = 100;

type PendingTransaction = Awaited<ReturnType<SafeApiKit['getPendingTransactions']>>['results'][number];
/** USDT's decimals on BSC and on the demo chain's test token. */
const usdtDecimals = 18;
/** Safe's `OperationType.Call`. */
const call = 0;

/**
 * The service or the chain behind it did not answer, or not within `timeoutMs`: 503, nothing
 * recorded, the request may be repeated (a proposal posted whose answer was lost is found in the
 * queue then, `propose`). The bound keeps a propose from holding its batch's lock on a service that hangs.
 */
async function askSafe<T>(what: string, timeoutMs: number, read: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([read(), timeout]);
  } catch (error) {
    throw new ServiceUnavailableError(`The Safe Transaction Service did not ${what}: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The treasury Safe this server can read and propose to: the Safe, its Transaction Service, the
 * proposer's key and the chain all set; undefined otherwise (files only).
 */
export function treasurySafeFrom(config: {
  safe: SafeConfig;
  chain: { rpcUrl: string | undefined; chainId: number; usdtContractAddress: string };
}): TreasurySafe | undefined {
  const safe = configuredSafe(config.safe);
  const { rpcUrl, chainId, usdtContractAddress } = config.chain;
  return safe && rpcUrl ? new TreasurySafe(safe, { rpcUrl, chainId, usdtContractAddress }) : undefined;
}

/**
 * The treasury Safe as its proposer (a delegate, never an owner) reaches it: through Safe's own
 * protocol-kit (the transaction and its hash) and api-kit (the Transaction Service).
 */
export class TreasurySafe {
  constructor(
    private readonly safe: ConfiguredSafe,
    private readonly chain: { rpcUrl: string; chainId: number; usdtContractAddress: string },
  ) {}

  private ask<T>(what: string, read: () => Promise<T>): Promise<T> {
    return askSafe(what, this.safe.callTimeoutMs, read);
  }

  get address(): string {
    return getAddress(this.safe.treasurySafeAddress);
  }

  private async api() {
    const { default: SafeApiKit } = await import('@safe-global/api-kit');
    return new SafeApiKit({ chainId: BigInt(this.chain.chainId), txServiceUrl: this.safe.txServiceUrl });
  }

  /**
   * The Safe's transactions the service lists as not executed at or past its nonce on chain: its
   * queue, every page of it (a transaction past the first hundred pays withdrawals as surely).
   */
  async queue(): Promise<ServiceTransaction[]> {
    const api = await this.api();
    const pending: PendingTransaction[] = [];
    for (;;) {
      const page = await this.ask('list the queue', () =>
        api.getPendingTransactions(this.address, { limit: queuePageSize, offset: pending.length }),
      );
      pending.push(...page.results);
      if (page.results.length === 0 || pending.length >= page.count) break;
    }
    return pending.map((tx) => ({
      safeTxHash: tx.safeTxHash.toLowerCase(),
      nonce: String(tx.nonce),
      to: getAddress(tx.to),
      data: tx.data ?? null,
      isExecuted: tx.isExecuted,
      origin: tx.origin ?? null,
      confirmations: tx.confirmations?.length ?? 0,
      threshold: tx.confirmationsRequired,
    }));
  }

  /**
   * Proposes the transfers as one Safe transaction at the Safe's next nonce (after every
   * transaction already queued, as api-kit counts it): a MultiSend of USDT `transfer` calls built
   * by protocol-kit, its safeTxHash signed by the proposer and posted to the service. A queued
   * transaction with exactly these calls (proposed before, its answer lost) is answered instead of
   * proposing the same payment twice.
   */
  async propose(transfers: readonly SafeTransfer[], origin: string): Promise<ProposedSafeTx> {
    const { default: Safe } = await import('@safe-global/protocol-kit');
    const api = await this.api();
    const protocolKit = await this.ask('answer', () =>
      Safe.init({
        provider: this.chain.rpcUrl,
        signer: this.safe.proposerPrivateKey,
        safeAddress: this.address,
        ...(this.safe.contracts ? { contractNetworks: contractNetworks(this.chain.chainId, this.safe.contracts) } : {}),
      }),
    );
    const token = getAddress(this.chain.usdtContractAddress);
    const transactions = transfers.map((transfer) => ({
      to: token,
      value: '0',
      data: usdt.encodeFunctionData('transfer', [
        getAddress(transfer.wallet.toLowerCase()),
        parseUnits(transfer.amount, usdtDecimals),
      ]),
      operation: call,
    }));
    const draft = await this.ask('answer', () => protocolKit.createTransaction({ transactions }));
    const sameCalls = (await this.queue()).find(
      (queued) =>
        queued.to === getAddress(draft.data.to) &&
        (queued.data ?? '0x').toLowerCase() === draft.data.data.toLowerCase(),
    );
    if (sameCalls) return { safeTxHash: sameCalls.safeTxHash, nonce: sameCalls.nonce };
    const nonce = await this.ask('give the next nonce', () => api.getNextNonce(this.address));
    const transaction = await this.ask('answer', () =>
      protocolKit.createTransaction({ transactions, options: { nonce: Number(nonce) } }),
    );
    const safeTxHash = await protocolKit.getTransactionHash(transaction);
    const signature = await protocolKit.signHash(safeTxHash);
    await this.ask('take the proposal', () =>
      api.proposeTransaction({
        safeAddress: this.address,
        safeTransactionData: transaction.data,
        safeTxHash,
        senderAddress: signature.signer,
        senderSignature: signature.data,
        origin,
      }),
    );
    return { safeTxHash: safeTxHash.toLowerCase(), nonce: String(transaction.data.nonce) };
  }
}
