import { randomUUID } from 'node:crypto';
import { errorTexts } from '@uplink/contract/error-codes';
import type { CreateWithdrawalRequest, Withdrawal } from '@uplink/contract/withdrawals';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import type { UserRow } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { bookLedgerEntries, isLedgerOverdraft, lockLedgerAccount } from '../ledger/ledger-repository';
import { evaluateRefusedWithdrawal, evaluateWithdrawal } from '../risk/evaluate-risk';
import { isIgnored } from '../risk/risk-findings';
import { isMemberHeld } from '../risk/risk-hold';
import { hashCode } from './withdrawal-code-hash';
import { useVerifiedCode } from './withdrawal-codes-repository';
import { checkWithdrawalAllowed, insufficientBalance, walletInUse } from './withdrawal-eligibility';
import { toWithdrawal } from './withdrawal-record';
import { hasPayoutsToAnotherMember, insertWithdrawal, isWalletInUse } from './withdrawals-repository';

type ValidRequest = { amount: string; walletAddress: string; otp: string } & Pick<CreateWithdrawalRequest, 'asset'>;

/**
 * Creates a withdrawal: the checks of `checkWithdrawalAllowed` pass, the member's verified code is
 * used, the amount is held on the ledger, the withdrawal written and the risk rules of its address
 * evaluated, all in one transaction under the member's row and ledger-account locks. The database refuses a hold beyond the available
 * balance and a wallet address already in a pending withdrawal; a failure leaves the code usable
 * for a corrected request. An address that has received payouts for another account is refused
 * first (`refuseAddressOfAnotherMember`).
 */
export async function createWithdrawal(
  deps: Pick<AppContext, 'db' | 'clock' | 'config'>,
  member: Pick<UserRow, 'id'>,
  request: ValidRequest,
): Promise<Withdrawal> {
  const { db, clock, config } = deps;
  const now = clock.now();
  await refuseAddressOfAnotherMember(deps, member.id, request.walletAddress, now);
  return moneyTransaction(db, async (trx) => {
    await lockLedgerAccount(trx, member.id);
    // Checked under the locks (the member's row, then the account: the one lock order): a status
    // changed since the request began is seen here, and a delete (which takes both before it
    // looks for pending withdrawals) cannot miss this one.
    const { available } = await checkWithdrawalAllowed(trx, { config, now }, member.id, request);
    const codeId = await useVerifiedCode(trx, member.id, hashCode(config.keys.codeHmac, member.id, request.otp), now);
    if (!codeId) throw new DomainError('INVALID_OTP', 'Invalid OTP code. Verify a new code for this withdrawal.');
    const id = randomUUID();
    try {
      const [hold] = await bookLedgerEntries(
        trx,
        [
          {
            accountId: member.id,
            kind: 'DEBIT_PENDING',
            amount: request.amount,
            reasonType: 'WITHDRAWAL',
            reasonId: id,
          },
        ],
        now,
      );
      const withdrawal = await insertWithdrawal(trx, {
        id,
        memberId: member.id,
        amount: request.amount,
        walletAddress: request.walletAddress,
        codeId,
        holdEntryId: (hold as { id: string }).id,
        requestedAt: now,
      });
      await evaluateWithdrawal(trx, config.risk, withdrawal.wallet_address, now);
      return toWithdrawal(withdrawal, await isMemberHeld(trx, member.id));
    } catch (error) {
      if (isLedgerOverdraft(error)) throw insufficientBalance(available);
      if (isWalletInUse(error)) throw walletInUse();
      throw error;
    }
  });
}

/**
 * Every payout is public on the chain, so anyone can read where another member is paid. A
 * withdrawal to an address that has received payouts for another account is refused with
 * WALLET_ADDRESS_OF_ANOTHER_MEMBER before the code is used (the member retries with an address of
 * their own), and the attempt is committed for the risk rules: it joins its member to the
 * address's cluster, held, while the member paid there before is its earlier holder. An address
 * the rules ignore (RISK_IGNORED_ADDRESSES) is not refused.
 */
async function refuseAddressOfAnotherMember(
  deps: Pick<AppContext, 'db' | 'config'>,
  memberId: string,
  walletAddress: string,
  now: Date,
): Promise<void> {
  const address = walletAddress.toLowerCase();
  if (isIgnored(deps.config.risk, address)) return;
  if (!(await hasPayoutsToAnotherMember(deps.db, address, memberId))) return;
  await moneyTransaction(deps.db, (trx) =>
    evaluateRefusedWithdrawal(trx, deps.config.risk, { memberId, walletAddress }, now),
  );
  throw new DomainError('WALLET_ADDRESS_OF_ANOTHER_MEMBER', errorTexts.WALLET_ADDRESS_OF_ANOTHER_MEMBER, {
    errors: [{ field: 'walletAddress', message: errorTexts.WALLET_ADDRESS_OF_ANOTHER_MEMBER }],
  });
}
