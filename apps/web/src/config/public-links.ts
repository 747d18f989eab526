/**
 * Outside links the public pages show. Each can be set at build time with a VITE_ variable
 * (see apps/web/.env.example) so an operator points them at their own affiliate account,
 * master trader and community without a code change.
 */
const env = import.meta.env;

function setting(value: string | undefined, fallback: string): string {
  return value?.trim() ? value.trim() : fallback;
}

export const publicLinks = {
  /** Step 1 of the landing guide: open an exchange account through our affiliate link. */
  exchangeAffiliateUrl: setting(env.VITE_EXCHANGE_AFFILIATE_URL, 'https://bingx.com/en/invite/UPLINK'),
  /** Step 3: the master trader's copy-trading page. */
  masterTraderUrl: setting(env.VITE_MASTER_TRADER_URL, 'https://bingx.com/en/CopyTrading/'),
  contactEmail: setting(env.VITE_CONTACT_EMAIL, 'support@uplink.network'),
  /** The announcements channel and the community chat of the messaging app. */
  messagingChannelUrl: setting(env.VITE_MESSAGING_CHANNEL_URL, 'https://t.me/uplink_network'),
  messagingGroupUrl: setting(env.VITE_MESSAGING_GROUP_URL, 'https://t.me/uplink_community'),
} as const;
