import { Decimal } from 'decimal.js';
import type { AppContext } from '../../app-context';
import { ServiceUnavailableError, validationFailed } from '../../http/domain-error';

/**
 * The administrator's proof that a withdrawal was paid: a mined, successful transaction whose
 * USDT transfer of exactly the amount went to the withdrawal's address, with the configured
 * number of confirmations. (That no other withdrawal names the same hash, the database checks.)
 */
export async function checkPayoutOnChain(
  deps: Pick<AppContext, 'config' | 'integrations'>,
  withdrawal: { amount: string; wallet_address: string },
  transactionHash: string,
): Promise<void> {
  if (!deps.config.withdrawals.verifyPayouts) return;
  const chain = deps.integrations.depositChain;
  if (!chain) throw new ServiceUnavailableError('No chain is configured to check the payment against');
  let transfers: Awaited<ReturnType<typeof chain.transfersIn>>;
  let head: number;
  try {
    [transfers, head] = await Promise.all([chain.transfersIn(transactionHash), chain.headBlockNumber()]);
  } catch (error) {
    throw new ServiceUnavailableError(`The chain did not answer: ${(error as Error).message}`);
  }
  const refuse = (message: string) => validationFailed([{ field: 'transactionHash', message }]);
  if (!transfers) throw refuse('No successful transaction with this hash is on the chain');
  const payment = transfers.find(
    (transfer) =>
      transfer.to === withdrawal.wallet_address.toLowerCase() && new Decimal(transfer.amount).eq(withdrawal.amount),
  );
  if (!payment) {
    throw refuse(`This transaction does not transfer ${withdrawal.amount} USDT to ${withdrawal.wallet_address}`);
  }
  const confirmations = head - payment.blockNumber + 1;
  if (confirmations < deps.config.chain.confirmations) {
    throw refuse(
      `The payment has ${confirmations} of ${deps.config.chain.confirmations} confirmations; approve it once confirmed`,
    );
  }
}
