import { type Config, ConfigError } from '../../config/load-config';
import { BingxAgentClient } from './bingx-agent-client';
import type { ExchangeGateway } from './exchange-gateway';
import { SandboxExchangeGateway } from './sandbox-exchange-gateway';

/**
 * A configured API key and secret select the real BingX agent API; otherwise the sandbox answers
 * — never in production, where it would let anyone link any UID.
 */
export function createExchangeGateway(config: Pick<Config, 'production' | 'exchange'>): ExchangeGateway {
  const { apiKey, apiSecret, baseUrl } = config.exchange;
  if (apiKey && apiSecret) return new BingxAgentClient({ apiKey, apiSecret, baseUrl });
  if (config.production) {
    throw new ConfigError(
      'BINGX_API_KEY and BINGX_API_SECRET are required in production (the sandbox exchange is for local use)',
    );
  }
  return new SandboxExchangeGateway();
}
