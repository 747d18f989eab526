import type { ComplianceTerms } from '@uplink/contract/compliance-terms';
import { complianceWindowDays } from '@uplink/contract/constants';
import { toWireMoney } from '@uplink/contract/money';
import type { ExchangeConfig } from '../../config/exchange-config';

/**
 * The compliance rule's figures as this server applies them (the configured exchange-balance line
 * and the forfeit window), for every answer that states them: the reward plan and a member's
 * reward statistics.
 */
export function complianceTerms(exchange: Pick<ExchangeConfig, 'minimumBalance'>): ComplianceTerms {
  return { minimumExchangeBalance: toWireMoney(exchange.minimumBalance), windowDays: complianceWindowDays };
}
