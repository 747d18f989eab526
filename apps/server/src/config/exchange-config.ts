import type { Environment } from './environment';

export interface ExchangeConfig {
  /** Both set: the real BingX agent API; otherwise the sandbox gateway with its test UIDs. */
  apiKey: string | undefined;
  apiSecret: string | undefined;
  baseUrl: string;
  /** USDT on the exchange account a UID needs to be linked. */
  minimumDeposit: string;
}

export function exchangeConfig(vars: Environment): ExchangeConfig {
  return {
    apiKey: vars.BINGX_API_KEY,
    apiSecret: vars.BINGX_API_SECRET,
    baseUrl: vars.BINGX_BASE_URL.replace(/\/+$/, ''),
    minimumDeposit: vars.MIN_EXCHANGE_DEPOSIT,
  };
}
