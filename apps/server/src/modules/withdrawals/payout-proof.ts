import { Decimal } from 'decimal.js';
import type { AppContext } from '../../app-context';
import type { DepositChain, UsdtTransfer } from '../../chain/deposit-chain';
import type { WithdrawalRow } from '../../db/schema';
import { ServiceUnavailableError, validationFailed } from '../../domain-error';
import { findRecordedPaymentLogs } from './withdrawals-repository';

type ProofDeps = Pick<AppContext, 'config' | 'integrations'>;
type PaidWithdrawal = Pick<WithdrawalRow, 'amount' | 'wallet_address'>;

/** A USDT transfer of exactly the amount, from a configured treasury wallet, to the withdrawal's address. */
function paysWithdrawal(deps: ProofDeps, withdrawal: PaidWithdrawal, transfer: UsdtTransfer): boolean {
  return (
    deps.config.withdrawals.treasuryAddresses.includes(transfer.from) &&
    transfer.to === withdrawal.wallet_address.toLowerCase() &&
    new Decimal(transfer.amount).eq(withdrawal.amount)
  );
}

/** A chain read; a chain that does not answer is a 503, never a 500. */
export async function askChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new ServiceUnavailableError(`The chain did not answer: ${(error as Error).message}`);
  }
}

function chainOf(deps: ProofDeps): DepositChain {
  const chain = deps.integrations.depositChain;
  if (!chain) throw new ServiceUnavailableError('No chain is configured to check the payment against');
  return chain;
}

/**
 * The administrator's proof that a withdrawal was paid: a mined, successful transaction whose
 * USDT transfer of exactly the amount went from a treasury wallet (TREASURY_ADDRESSES) to the
 * withdrawal's address, with the configured number of confirmations. A multi-send transaction
 * pays many withdrawals, and may pay one address the same amount twice (two withdrawals of a
 * member, one after the other): the proof is the first of its logs that pays this one and proves
 * no other withdrawal yet, and its log index is returned to be recorded with the hash (that no
 * other withdrawal names the same log meanwhile, the database checks). Null when payouts are not
 * verified: the log is then not located.
 */
export async function checkPayoutOnChain(
  deps: ProofDeps & Pick<AppContext, 'db'>,
  withdrawal: PaidWithdrawal,
  transactionHash: string,
): Promise<{ logIndex: number } | null> {
  if (!deps.config.withdrawals.verifyPayouts) return null;
  const chain = chainOf(deps);
  const [transfers, head] = await askChain(() =>
    Promise.all([chain.transfersIn(transactionHash), chain.headBlockNumber()]),
  );
  const refuse = (message: string) => validationFailed([{ field: 'transactionHash', message }]);
  if (!transfers) throw refuse('No successful transaction with this hash is on the chain');
  const payments = transfers.filter((transfer) => paysWithdrawal(deps, withdrawal, transfer));
  const recorded = await findRecordedPaymentLogs(deps.db, transactionHash);
  const payment = payments.find((transfer) => !recorded.has(transfer.logIndex)) ?? payments[0];
  if (!payment) {
    throw refuse(
      `This transaction does not transfer ${withdrawal.amount} USDT from a treasury wallet to ${withdrawal.wallet_address}`,
    );
  }
  const confirmations = head - payment.blockNumber + 1;
  if (confirmations < deps.config.chain.confirmations) {
    throw refuse(
      `The payment has ${confirmations} of ${deps.config.chain.confirmations} confirmations; approve it once confirmed`,
    );
  }
  return { logIndex: payment.logIndex };
}

/**
 * A payment of the claimed withdrawal already on chain, confirmed or not: the claim's own
 * transaction, or any treasury transfer of the amount to the address since the claim was taken
 * (a treasury payment whose hash was never recorded). Null: none, or no chain to ask.
 */
export async function findClaimedPaymentOnChain(
  deps: ProofDeps,
  withdrawal: PaidWithdrawal & Pick<WithdrawalRow, 'payment_claim_hash' | 'payment_claim_block'>,
): Promise<string | null> {
  const chain = deps.integrations.depositChain;
  if (!chain) return null;
  const claimHash = withdrawal.payment_claim_hash;
  if (claimHash) {
    const transfers = await askChain(() => chain.transfersIn(claimHash));
    if (transfers?.some((transfer) => paysWithdrawal(deps, withdrawal, transfer))) return claimHash;
  }
  if (withdrawal.payment_claim_block === null) return null;
  const fromBlock = Number(withdrawal.payment_claim_block);
  const transfers = await askChain(async () =>
    chain.transfersTo([withdrawal.wallet_address], fromBlock, await chain.headBlockNumber()),
  );
  return transfers.find((transfer) => paysWithdrawal(deps, withdrawal, transfer))?.txHash ?? null;
}
