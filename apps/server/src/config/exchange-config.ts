import { minimumExchangeBalanceUsdt } from '@uplink/contract/constants';
import type { Environment } from './environment';

export interface ExchangeConfig {
  /** Both set: the real BingX agent API; otherwise the sandbox gateway with its test UIDs. */
  apiKey: string | undefined;
  apiSecret: string | undefined;
  baseUrl: string;
  /**
   * The compliance line: the exchange balance (USDT) a UID needs to be linked and a member to earn
   * unlocked rewards. MIN_EXCHANGE_BALANCE, else its old name MIN_EXCHANGE_DEPOSIT, else the contract's default.
   */
  minimumBalance: string;
}

export function exchangeConfig(vars: Environment): ExchangeConfig {
  return {
    apiKey: vars.BINGX_API_KEY,
    apiSecret: vars.BINGX_API_SECRET,
    baseUrl: vars.BINGX_BASE_URL.replace(/\/+$/, ''),
    minimumBalance: vars.MIN_EXCHANGE_BALANCE ?? vars.MIN_EXCHANGE_DEPOSIT ?? String(minimumExchangeBalanceUsdt),
  };
}
