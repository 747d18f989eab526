import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import { registerAuthentication } from './http/authentication';
import { registerErrorHandling } from './http/error-handler';
import { RequestLogController } from './http/request-logging';
import { SessionTokens } from './http/session-tokens';
import type { JobLock } from './jobs/job-lock';
import { startRecurringJob } from './jobs/recurring-job';
import { accountsRoutes } from './modules/accounts/accounts-routes';
import { composeRequestedAccountMail } from './modules/accounts/requested-account-mail';
import { forgetStaleSignInAttempts } from './modules/accounts/sign-in-attempts-repository';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox-routes';
import type { ExchangeGateway } from './modules/exchange/exchange-gateway';
import { createExchangeGateway } from './modules/exchange/exchange-gateway-factory';
import { healthRoutes } from './modules/health/health-routes';
import { createMailTransport } from './modules/mail/mail-transport';
import { idleMailWorker, type MailWorker, startMailWorker } from './modules/mail/mail-worker';
import { onboardingRoutes } from './modules/onboarding/onboarding-routes';
import { referralRoutes } from './modules/referrals/referral-routes';
import { demoPayRoutes } from './modules/subscription/demo-pay-routes';
import { createDepositChain, type DepositChain } from './modules/subscription/deposit-chain';
import { startDepositScanJob } from './modules/subscription/deposit-scan-job';
import { sweepLapsedSubscriptions } from './modules/subscription/subscription-expiry';
import { subscriptionRoutes } from './modules/subscription/subscription-routes';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  sessionTokens: SessionTokens;
  /** Sends the mail outbox; `wake()` after enqueueing so mail goes out at once. */
  mailWorker: MailWorker;
  integrations: Integrations;
}

/** Outside systems; tests and the demo inject fakes or local nodes, otherwise built from the config. */
export interface Integrations {
  exchangeGateway: ExchangeGateway;
  /** Null when no chain is configured (no BSC_RPC_URL and no demo chain): deposit scanning is off. */
  depositChain: DepositChain | null;
}

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** Pino logger options; `false` silences the log (tests). */
  logger?: boolean | object;
  /**
   * With it the background jobs (mail sending, deposit scan, subscription expiry) run in this
   * process, each under this lock (the database's `jobLock`); without it they do not run (tests).
   */
  jobLock?: JobLock;
  integrations?: Partial<Integrations>;
  /** Told of every route as it is registered (Fastify's `onRoute`): the admin-access test walks them. */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}

/** JSON lines in production (for log shippers), readable lines on a developer's terminal. */
function loggerOptions(config: Config): object {
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

export const bodyLimitBytes = 64 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // Locally only failures and slow requests reach the default level (see request-logging.ts).
    logController: new RequestLogController(config.production),
    bodyLimit: bodyLimitBytes,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: (_address: string, hop: number) => hop < config.trustedProxyHops,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Node closes, when the server closes, only the connections idle at that moment: a keep-alive
  // connection whose request was still running would hold the close open until its idle
  // timeout. Once closing, every answer therefore ends its connection.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  const sessionTokens = new SessionTokens(config.jwtSecret, config.jwtExpiresInHours);
  const mailWorker = options.jobLock
    ? startMailWorker({
        db,
        lock: options.jobLock,
        transport: createMailTransport(config),
        config,
        logger: app.log,
        compose: () => composeRequestedAccountMail({ db, config }),
      })
    : idleMailWorker;
  app.addHook('onClose', () => mailWorker.stop());
  const integrations: Integrations = {
    exchangeGateway: options.integrations?.exchangeGateway ?? createExchangeGateway(config),
    depositChain:
      options.integrations?.depositChain !== undefined ? options.integrations.depositChain : createDepositChain(config),
  };
  app.decorate('context', { config, db, sessionTokens, mailWorker, integrations });
  if (options.jobLock) {
    const depositScanJob = startDepositScanJob(app.context, options.jobLock, app.log);
    app.addHook('onClose', () => depositScanJob?.stop());
    const expiryJob = startRecurringJob({
      name: 'subscription-expiry',
      intervalMs: 60_000,
      lock: options.jobLock,
      logger: app.log,
      work: async () => {
        await sweepLapsedSubscriptions(db);
      },
    });
    app.addHook('onClose', () => expiryJob.stop());
    const attemptsSweep = startRecurringJob({
      name: 'sign-in-attempts-sweep',
      intervalMs: 60 * 60_000,
      lock: options.jobLock,
      logger: app.log,
      work: async () => {
        await forgetStaleSignInAttempts(db);
      },
    });
    app.addHook('onClose', () => attemptsSweep.stop());
  }

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(rateLimit, { global: false, ...sharedRateLimitStore(app, config) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Uplink API', version: '1.0.0', description: 'Invite-only referral network API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandling(app);
  registerAuthentication(app, db, sessionTokens);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(referralRoutes);
      await api.register(accountsRoutes);
      await api.register(subscriptionRoutes);
      await api.register(onboardingRoutes);
      await api.register(demoPayRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(devMailboxRoutes);

  await serveWebApp(app, config.webDistDir);
  return app;
}

/**
 * The built single-page app: files as they are, every other non-API path answered by index.html.
 * A path naming a file that does not exist (a stale chunk after a deploy, an icon a browser
 * guesses) gets a real 404, not the app's HTML under a 200.
 */
async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) return;
  const assetsDir = path.join(distDir, 'assets');
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(response, filePath) {
      // Vite names built assets by content hash, so they never change under the same name;
      // index.html must always be revalidated so a deploy reaches every browser.
      const cacheControl = filePath.startsWith(assetsDir)
        ? 'public, max-age=31536000, immutable'
        : filePath.endsWith('index.html')
          ? 'no-cache'
          : 'public, max-age=3600';
      response.setHeader('cache-control', cacheControl);
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const file = request.url.split('?')[0] ?? '/';
    if (file.startsWith('/api/')) {
      return reply.callNotFound();
    }
    if (path.extname(file)) {
      return existsSync(path.join(distDir, file)) ? reply.sendFile(file) : reply.callNotFound();
    }
    return reply.sendFile('index.html');
  });
}
