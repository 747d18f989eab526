import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The key of each day's visitor hashes: random, made when the day's first visit needs it and
 * never written to the database. With REDIS_URL every server process shares it (kept two days,
 * then Redis forgets it); without, it lives in this process's memory. A key lost (a restart, or
 * Redis unreachable) only means that a visitor may be counted twice that day.
 */
export interface VisitorKeys {
  /** The daily unique visitor of a link: HMAC-SHA256 of address, user agent and day under the day's key. */
  visitorOf(visit: { day: string; clientAddress: string; userAgent: string }): Promise<Buffer>;
  close(): Promise<void>;
}

const keyLifetimeSeconds = 2 * 86_400;

export function visitorKeys(options: { redisUrl?: string; log: FastifyBaseLogger }): VisitorKeys {
  const inMemory = new Map<string, Buffer>();
  const memoryKey = (day: string) => {
    let key = inMemory.get(day);
    if (!key) {
      key = randomBytes(32);
      // Only today's (and, around midnight, yesterday's) key is of any use.
      for (const older of [...inMemory.keys()].filter((known) => known < day)) inMemory.delete(older);
      inMemory.set(day, key);
    }
    return key;
  };

  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  redis?.on('error', (error) => options.log.warn({ err: error }, 'redis unavailable: visitor keys kept per process'));

  async function keyOf(day: string): Promise<Buffer> {
    if (!redis) return memoryKey(day);
    try {
      const name = `uplink:visitor-key:${day}`;
      await redis.set(name, randomBytes(32).toString('hex'), 'EX', keyLifetimeSeconds, 'NX');
      const shared = await redis.get(name);
      return shared ? Buffer.from(shared, 'hex') : memoryKey(day);
    } catch {
      return memoryKey(day);
    }
  }

  return {
    async visitorOf({ day, clientAddress, userAgent }) {
      return createHmac('sha256', await keyOf(day))
        .update(`${clientAddress}\n${userAgent}\n${day}`)
        .digest();
    },
    async close() {
      redis?.disconnect();
    },
  };
}
