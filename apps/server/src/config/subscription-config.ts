import type { Environment } from './environment';

export interface SubscriptionConfig {
  /** USDT, as a decimal string. */
  fee: string;
  periodDays: number;
}

export function subscriptionConfig(vars: Environment): SubscriptionConfig {
  return { fee: vars.SUBSCRIPTION_FEE, periodDays: vars.SUBSCRIPTION_PERIOD_DAYS };
}
