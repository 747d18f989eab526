import type { Environment } from './environment';

/** The risk rules' thresholds (issue 36). */
export interface RiskConfig {
  /** More sign-ups than this under one sponsor within an hour is a REGISTRATION_BURST. */
  signupsPerSponsorHour: number;
  /** More sign-ups than this from one client address within 24 hours is a REGISTRATION_BURST. */
  signupsPerClientAddressDay: number;
  /** An address that paid for this many members or more is an exchange's hot wallet: no SHARED_FUNDING_WALLET. */
  exchangeWalletMin: number;
  /** Addresses no rule compares (lower case): known exchange and service wallets. */
  ignoredAddresses: string[];
}

export function riskConfig(vars: Environment): RiskConfig {
  return {
    signupsPerSponsorHour: vars.RISK_SIGNUPS_PER_SPONSOR_HOUR,
    signupsPerClientAddressDay: vars.RISK_SIGNUPS_PER_IP_DAY,
    exchangeWalletMin: vars.RISK_EXCHANGE_WALLET_MIN,
    ignoredAddresses: (vars.RISK_IGNORED_ADDRESSES ?? []).map((address) => address.toLowerCase()),
  };
}
