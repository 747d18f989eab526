/*
 * The referral screens' texts and the tree's first view, without the schemas: a screen that only
 * shows them loads neither zod nor decimal.js (referrals.ts forwards them).
 */

/** Levels expanded when the tree first opens. */
export const referralTreeExpandedLevels = 2;

/** Member-facing texts of the referral screens, exactly as the spec words them. */
export const referralTexts = {
  historyLoadFailed: 'Failed to load referral data',
  noReferrals: 'No referrals yet',
  treeTitle: 'My Referral Tree',
  treeLoadFailed: 'Failed to fetch referral tree',
  treeNetworkError: 'Network error occurred while fetching data',
  treeLoading: 'Loading your referral tree...',
  treeSearchPlaceholder: 'Search your referrals...',
  viewLevels: 'View Levels',
  networkRoot: 'Your Network Root',
  noMatches: 'No matching referrals found',
  emptyNetwork: 'Start Building Your Network!',
  goToReferrals: 'Go to Referrals',
  levelsDeep: 'levels deep',
  startReferring: 'Start referring!',
  yourEarnings: 'Your Earnings',
  networkSize: 'Network Size',
} as const;
