import rateLimit from '@fastify/rate-limit';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/load-config';
import { registerCompression } from './compression';
import { registerOpenApi } from './openapi';
import { registerSecurityHeaders } from './security-headers';

/** JSON lines in production (for log shippers), readable lines on a developer's terminal. */
export function loggerOptions(config: Config): object {
  if (config.production) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
  };
}

/**
 * With REDIS_URL the rate-limit counters are kept in Redis, so every API process counts against
 * the same budget; without it (one local process) they stay in memory.
 */
function sharedRateLimitStore(
  app: FastifyInstance,
  config: Config,
): { redis?: Redis; nameSpace?: string; skipOnError?: boolean } {
  if (!config.redisUrl) return {};
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', (error) =>
    app.log.warn({ err: error }, 'redis unavailable: rate limits are not enforced meanwhile'),
  );
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // Fail open: a Redis outage must not take sign-in down with it.
  return { redis, nameSpace: config.rateLimitNamespace, skipOnError: true };
}

/** The OpenAPI documentation, served by swagger-ui's own routes where it is public (`apiDocsPublic`). */
export const apiDocsPrefix = '/api/docs';

/**
 * Security headers, compression, rate limiting (shared through Redis when configured) and the
 * OpenAPI docs — in production only with API_DOCS_PUBLIC=true: the document lists every admin
 * route and its parameters, which nobody outside needs to map (elsewhere a 404, like any unknown path).
 * Resolves with the Redis client of the rate limits (null without REDIS_URL): the scrape checks it.
 */
export async function registerHttpPlugins(app: FastifyInstance, config: Config): Promise<{ redis: Redis | null }> {
  registerSecurityHeaders(app);
  await registerCompression(app);
  const rateLimitStore = sharedRateLimitStore(app, config);
  await app.register(rateLimit, { global: false, ...rateLimitStore });
  await registerOpenApi(app, config.publicUrl);
  if (config.apiDocsPublic) await app.register(swaggerUi, { routePrefix: apiDocsPrefix });
  return { redis: rateLimitStore.redis ?? null };
}
