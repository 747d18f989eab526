/** Business constants: levels, page sizes, limits and the reward plan's defaults. */

/** A member's network and rewards reach 15 levels below them. @rule REFERRAL_LEVELS */
export const referralLevels = 15;
export const levelOptions = Array.from({ length: referralLevels }, (_, index) => index + 1);

export const subscriptionFeeUsdt = 10;
/**
 * The compliance line: the exchange balance (USDT on the member's linked BingX account) under which
 * new rewards are locked and a UID is not linked. The default of MIN_EXCHANGE_BALANCE; what a
 * deployment sets reaches members through the API (`RewardStats.compliance`).
 */
export const minimumExchangeBalanceUsdt = 100;
/** How long a locked reward waits for its owner to be compliant again before it is forfeited. */
export const complianceWindowDays = 30;

export const passwordMinLength = 8;
export const passwordSpecialCharacters = '@$!%*?&';
export const referralCodeMinLength = 6;
export const referralCodeLength = 8;
/** Unambiguous alphabet: no 0/O, 1/I/L. */
export const referralCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const otpLength = 6;

export const referralHistoryPageSize = 10;
export const pageButtonWindow = 5;
export const rewardsPageSizes = [10, 25, 50, 100] as const;
export const adminPageSize = 10;
export const searchDebounceMs = 500;

export const navbarScrollThresholdPx = 20;
export const redirectDelayMs = 3000;
export const passwordSuccessBannerMs = 3000;
export const copiedStateMs = 5000;
export const toastMs = 5000;

export const usdtBscContract = '0x55d398326f99059fF775485246999027B3197955';
export const bscNetworkName = 'BEP20 (BSC)';
/** The BNB Smart Chain network a deployment watches: its main network, or the test network (anything else). */
export type BscNetwork = 'main' | 'test';
export const bscMainnetChainId = 56;

/** The main network is chain 56; every other chain (the test network 97, the local demo chain) is a test. */
export const bscNetworkOf = (chainId: number): BscNetwork => (chainId === bscMainnetChainId ? 'main' : 'test');

/** Where a network's transactions and addresses are looked up (`/tx/<hash>`, `/address/<address>`). */
export function bscExplorerUrl(network: BscNetwork): string {
  return network === 'main' ? 'https://bscscan.com' : 'https://testnet.bscscan.com';
}

export const userStatuses = ['ACTIVE', 'LOCKED', 'DISABLED'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const storageKeys = {
  token: 'token',
  pendingUser: 'pendingUser',
  referralCode: 'referralCode',
  /** The invitation a `/ref/` link brought (code and who invited), kept until the visitor registers. */
  invitation: 'invitation',
  adminSettings: 'adminSettings',
} as const;
