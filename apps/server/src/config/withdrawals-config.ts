import type { Environment } from './environment';

/**
 * The treasury of local mode and of the tests' chains: Hardhat's second test account (the public
 * test mnemonic, never for real funds), which the demo treasury and the test payer send from.
 */
export const demoTreasuryAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/**
 * The demo chain's treasury Safe (a 2-of-3 Safe 1.4.1, chain/demo-safe.ts): where a fresh demo
 * chain always deploys it, and a treasury address of local mode beside the demo treasury above.
 */
export const demoTreasurySafeAddress = '0xf304b4D403855d4888cCfB09a49ce850c0677D1b';

export interface WithdrawalsConfig {
  /** Pending withdrawals a member may have at once. */
  maxPending: number;
  /**
   * An approval must name an on-chain payment of that amount to that address. Only outside
   * production can it be switched off (VERIFY_PAYOUTS=false), e.g. without a chain to read.
   */
  verifyPayouts: boolean;
  /**
   * The wallets payouts are sent from (TREASURY_ADDRESSES, lower-case): a payment proves a
   * withdrawal only when it comes from one of them. Required in production; locally the demo treasury and the demo treasury Safe.
   */
  treasuryAddresses: string[];
  /**
   * USDT, as a decimal string (PAYOUT_SECOND_APPROVAL_ABOVE): what an administrator may export
   * without a second approval in any rolling 24 hours, over all the batches they export; past it a
   * batch is exported only once another administrator approved it (four eyes).
   */
  secondApprovalAbove: string;
  /**
   * Transfers in one Safe transaction (PAYOUT_TRANSFERS_PER_TRANSACTION): a batch's Transaction
   * Builder file comes in parts of at most this many, and the demo treasury pays one transaction
   * per part. 300 by default (about 9–10 M gas on BSC, docs/deployment.md), 500 at most: under the
   * 2^24 gas a transaction may use (EIP-7825).
   */
  transfersPerTransaction: number;
}

export function withdrawalsConfig(vars: Environment, production: boolean): WithdrawalsConfig {
  return {
    maxPending: vars.MAX_PENDING_WITHDRAWALS,
    verifyPayouts: production || (vars.VERIFY_PAYOUTS ?? true),
    treasuryAddresses: (vars.TREASURY_ADDRESSES ?? [demoTreasuryAddress, demoTreasurySafeAddress]).map((address) =>
      address.toLowerCase(),
    ),
    secondApprovalAbove: vars.PAYOUT_SECOND_APPROVAL_ABOVE,
    transfersPerTransaction: vars.PAYOUT_TRANSFERS_PER_TRANSACTION,
  };
}
