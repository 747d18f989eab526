import { formatMoney } from '@uplink/contract/format';
import { toWireMoney } from '@uplink/contract/money';
import { withdrawalTexts } from '@uplink/contract/withdrawals';
import { Decimal } from 'decimal.js';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { findUserById } from '../accounts/account-repository';
import { findLedgerBalance } from '../ledger/ledger-repository';
import { hasPaidSubscription } from '../subscription/subscription-status';
import { countPendingWithdrawals, isWalletInPendingWithdrawal } from './withdrawals-repository';

/** The withdrawal a member means to make: an exact decimal amount and a valid wallet address. */
export interface WithdrawalIntent {
  amount: string;
  walletAddress: string;
}

/**
 * The one home of the checks a withdrawal must pass besides its code: the member is active and
 * onboarded, has fewer than the most pending withdrawals, the address is in no pending withdrawal
 * and the amount is available. The code request runs them before a code is mailed (so a code is
 * never wasted on a withdrawal that would be refused) and the creation again, under the member's
 * row lock of the caller's transaction; the database still refuses an overdraft and a second
 * pending withdrawal to one address, whatever slips between two requests.
 * @rule WITHDRAW_ONLY_ONBOARDED
 * @rule MAX_PENDING_WITHDRAWALS
 * @rule ONE_PENDING_WITHDRAWAL_PER_ADDRESS
 * @rule WITHDRAW_ONLY_AVAILABLE
 */
export async function checkWithdrawalAllowed(
  trx: Kysely<Database>,
  deps: Pick<AppContext, 'config'> & { now: Date },
  memberId: string,
  intent: WithdrawalIntent,
): Promise<{ available: string }> {
  const member = await findUserById(trx, memberId);
  if (member?.status !== 'ACTIVE' || !member.bingx_uid || !hasPaidSubscription(member, deps.now)) {
    throw new DomainError('ACCOUNT_NOT_ACTIVE', 'Only active members who have finished onboarding can withdraw.');
  }
  if ((await countPendingWithdrawals(trx, memberId)) >= deps.config.withdrawals.maxPending) {
    throw new DomainError('TOO_MANY_PENDING_WITHDRAWALS', 'You have reached the limit of pending withdrawals.');
  }
  if (await isWalletInPendingWithdrawal(trx, intent.walletAddress)) throw walletInUse();
  const available = (await findLedgerBalance(trx, memberId))?.available ?? '0';
  if (new Decimal(available).lt(intent.amount)) throw insufficientBalance(available);
  return { available };
}

export const walletInUse = () =>
  new DomainError('WALLET_ADDRESS_IN_USE', 'This address is already used by a pending withdrawal.');
/** Names the balance, as the form does before it asks: "… your available balance (28.10 USDT)". */
export const insufficientBalance = (available: string) =>
  new DomainError(
    'INSUFFICIENT_BALANCE',
    withdrawalTexts.amountOverBalance(formatMoney(toWireMoney(available), { rounding: 'floor' })),
  );
