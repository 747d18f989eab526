import type { ExchangeConfig } from '../../config';
import { BingxAgentClient } from './bingx-agent-client';
import type { ExchangeGateway } from './exchange-gateway';
import { SandboxExchangeGateway } from './sandbox-exchange-gateway';

/** A configured API key and secret select the real BingX agent API; otherwise the sandbox answers. */
export function createExchangeGateway(config: ExchangeConfig): ExchangeGateway {
  if (config.apiKey && config.apiSecret) {
    return new BingxAgentClient({ apiKey: config.apiKey, apiSecret: config.apiSecret, baseUrl: config.baseUrl });
  }
  return new SandboxExchangeGateway();
}
