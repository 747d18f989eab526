import type { Integrations } from './app-context';
import { createDepositChain } from './chain/deposit-chain';
import type { Config } from './config/load-config';
import { createExchangeGateway } from './modules/exchange/exchange-gateway-factory';

/** The outside systems from the config, unless the caller (a test, the demo) brings its own. */
export function integrationsFromConfig(config: Config, given: Partial<Integrations> = {}): Integrations {
  return {
    exchangeGateway: given.exchangeGateway ?? createExchangeGateway(config),
    depositChain: given.depositChain !== undefined ? given.depositChain : createDepositChain(config),
  };
}
