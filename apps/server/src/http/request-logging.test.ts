import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { backgroundJobLogger } from '../background-jobs';
import { type Config, loadConfig } from '../config/load-config';
import type { DatabaseHandle } from '../db/database';
import { SandboxExchangeGateway } from '../modules/exchange/sandbox-exchange-gateway';
import { createTestDatabase } from '../testing/test-database';
import { requestLogLevel, slowRequestMs } from './request-logging';

interface LogLine {
  level: number;
  msg: string;
  res?: { statusCode: number };
  req?: { method: string; url: string };
}

const levels = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** The request log of a server in local mode or production at a LOG_LEVEL, read back line by line. */
describe('request logging', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  async function serverLogging(level: 'info' | 'debug', production: boolean) {
    const lines: LogLine[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config: Config = {
      ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/uplink-test-data' }),
      production,
      webDistDir: '/nonexistent',
    };
    const app = await buildApp({
      config,
      db: database.db,
      logger: { level, stream },
      // Production wants the real exchange; a request log test talks to none.
      integrations: { depositChain: null, exchangeGateway: new SandboxExchangeGateway() },
    });
    app.get('/api/test/failure', { config: { access: 'public' } }, async () => {
      throw new Error('a bug');
    });
    await app.ready();
    apps.push(app);
    const completed = () => lines.filter((line) => line.msg === 'request completed');
    return { app, lines, completed };
  }

  it('logs only failures at the default level in local mode', async () => {
    const { app, lines, completed } = await serverLogging('info', false);
    await app.inject({ method: 'GET', url: '/api/healthz' });
    await app.inject({ method: 'GET', url: '/api/no-such-route' });
    await app.inject({ method: 'POST', url: '/api/users/login', payload: {} });
    expect(lines).toEqual([]);

    await app.inject({ method: 'GET', url: '/api/test/failure' });
    expect(completed()).toEqual([
      expect.objectContaining({
        level: levels.error,
        res: expect.objectContaining({ statusCode: 500 }),
        req: expect.objectContaining({ method: 'GET', url: '/api/test/failure' }),
      }),
    ]);
  });

  it('logs every request, coming and done, with LOG_LEVEL=debug', async () => {
    const { app, lines, completed } = await serverLogging('debug', false);
    await app.inject({ method: 'GET', url: '/api/healthz' });
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(1);
    expect(completed()).toEqual([
      expect.objectContaining({ level: levels.debug, res: expect.objectContaining({ statusCode: 200 }) }),
    ]);
  });

  it('keeps a line per request at info in production, for the log shippers', async () => {
    const { app, completed } = await serverLogging('info', true);
    await app.inject({ method: 'GET', url: '/api/healthz' });
    expect(completed()).toEqual([
      expect.objectContaining({ level: levels.info, res: expect.objectContaining({ statusCode: 200 }) }),
    ]);
  });

  it('logs the metrics scrapes at debug only, in production too: they would bury every other line', async () => {
    const { app, completed } = await serverLogging('info', true);
    await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(completed()).toEqual([]);
    const debugging = await serverLogging('debug', true);
    await debugging.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(debugging.completed()).toEqual([
      expect.objectContaining({ level: levels.debug, req: expect.objectContaining({ url: '/api/metrics' }) }),
    ]);
  });

  it("keeps the background jobs' routine reports out of the local log at the default level", async () => {
    const report = async (level: 'info' | 'debug', production: boolean) => {
      const { app, lines } = await serverLogging(level, production);
      const jobs = backgroundJobLogger(app);
      jobs.info({ transfersRecorded: 1 }, 'deposits scanned');
      jobs.warn('mail delivery failed');
      return lines.map((line) => line.msg);
    };
    // The banner stays in view: only what needs a look shows.
    expect(await report('info', false)).toEqual(['mail delivery failed']);
    expect(await report('debug', false)).toEqual(['deposits scanned', 'mail delivery failed']);
    expect(await report('info', true)).toEqual(['deposits scanned', 'mail delivery failed']);
  });

  it('raises slow requests and failures above the default level everywhere', () => {
    expect(requestLogLevel(200, slowRequestMs + 1, false)).toBe('warn');
    expect(requestLogLevel(404, slowRequestMs + 1, true)).toBe('warn');
    expect(requestLogLevel(200, slowRequestMs, false)).toBe('debug');
    expect(requestLogLevel(503, 5, false)).toBe('error');
    expect(requestLogLevel(429, 5, false)).toBe('debug');
    expect(requestLogLevel(429, 5, true)).toBe('info');
    expect(requestLogLevel(200, 5, true, true)).toBe('debug');
    expect(requestLogLevel(503, 5, true, true)).toBe('error');
  });
});
