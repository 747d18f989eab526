import { bscNetworkOf } from '@uplink/contract/constants';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppContext, Integrations } from './app-context';
import { startBackgroundJobs } from './background-jobs';
import { type Clock, systemClock } from './clock';
import type { Config } from './config/load-config';
import type { Database } from './db/schema';
import { registerAuthentication } from './http/authentication';
import { registerDrain } from './http/drain';
import { answerFrameworkError, registerErrorHandling } from './http/error-handler';
import { loggerOptions, registerHttpPlugins } from './http/http-plugins';
import { RequestLogController } from './http/request-logging';
import { requestValidatorCompiler } from './http/request-validation';
import { SessionTokens } from './http/session-tokens';
import { serveWebApp } from './http/web-app-serving';
import { integrationsFromConfig } from './integrations';
import type { JobLock } from './jobs/job-lock';
import { accountsRoutes } from './modules/accounts/accounts-routes';
import { composeRequestedAccountMail } from './modules/accounts/requested-account-mail';
import { adminReportsRoutes } from './modules/admin-reports/admin-reports-routes';
import { adminTeamRoutes } from './modules/admin-team/admin-team-routes';
import { adminTotpRoutes } from './modules/admin-totp/admin-totp-routes';
import { totpRequiredInProduction } from './modules/admin-totp/totp-for-administrators';
import { totpSecondFactor } from './modules/admin-totp/totp-second-factor';
import { adminUsersRoutes } from './modules/admin-users/admin-users-routes';
import { auditRoutes } from './modules/audit/audit-routes';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox-routes';
import { healthRoutes } from './modules/health/health-routes';
import { invitationsRoutes } from './modules/invitations/invitations-routes';
import { failedMailRoutes } from './modules/mail/failed-mail-routes';
import { createMailTransport } from './modules/mail/mail-transport';
import { idleMailWorker, startMailWorker } from './modules/mail/mail-worker';
import { reportBusinessMetrics } from './modules/metrics/business-metrics';
import { metricsRoutes } from './modules/metrics/metrics-routes';
import { recordRequestDurations } from './modules/metrics/request-metrics';
import type { ScrapeTarget } from './modules/metrics/scrape-probe';
import { notificationsRoutes } from './modules/notifications/notifications-routes';
import { onboardingRoutes } from './modules/onboarding/onboarding-routes';
import { demoBatchPaymentRoutes } from './modules/payouts/demo-batch-payment-routes';
import { payoutsRoutes } from './modules/payouts/payouts-routes';
import { referralRoutes } from './modules/referrals/referral-routes';
import { cycleAt, firstDueCycle } from './modules/rewards/reward-cycle-calendar';
import { rewardsRoutes } from './modules/rewards/rewards-routes';
import { riskRoutes } from './modules/risk-review/risk-routes';
import { statementsRoutes } from './modules/statements/statements-routes';
import { demoPayRoutes } from './modules/subscription/demo-pay-routes';
import { depositCursorName } from './modules/subscription/deposit-scanner';
import { subscriptionRoutes } from './modules/subscription/subscription-routes';
import { treasuryReconciliationRoutes } from './modules/treasury/treasury-reconciliation-routes';
import { demoTreasuryRoutes } from './modules/withdrawals/demo-treasury-routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals-routes';

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** The database's `readDb` (a streaming replica when configured); `db` by default. */
  readDb?: Kysely<Database>;
  /** Pino logger options; `false` silences the log (tests). */
  logger?: boolean | object;
  /**
   * With it the background jobs (mail sending, deposit scan, subscription expiry) run in this
   * process, each under this lock (the database's `jobLock`); without it they do not run (tests).
   */
  jobLock?: JobLock;
  integrations?: Partial<Integrations>;
  /** The time every service reads; tests set it (default: the system clock). */
  clock?: Clock;
  /** Told of every route as it is registered (Fastify's `onRoute`): the admin-access test walks them. */
  onRoute?: (route: RouteOptions) => void;
}

export const bodyLimitBytes = 64 * 1024;

/** One app instance: the shared context, the HTTP plugins, every module's routes and the web app. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // Locally only failures and slow requests reach the default level (see request-logging.ts).
    logController: new RequestLogController(config.production),
    bodyLimit: bodyLimitBytes,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // While stopping, requests are refused by the drain (http/drain.ts), with the envelope.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    trustProxy: (_address: string, hop: number) => hop < config.trustedProxyHops,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerDrain(app);

  const context = createContext(app, options);
  app.decorate('context', context);
  if (options.jobLock) startBackgroundJobs(app, options.jobLock);

  const { redis } = await registerHttpPlugins(app, config);
  registerErrorHandling(app);
  recordRequestDurations(app);
  reportBusinessMetrics(app, scrapeTarget(app, context, redis));
  registerAuthentication(app, db, context.sessionTokens, totpRequiredInProduction(context));

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(metricsRoutes);
      await api.register(referralRoutes);
      await api.register(invitationsRoutes);
      await api.register(rewardsRoutes);
      await api.register(accountsRoutes, { secondFactor: totpSecondFactor(context) });
      await api.register(subscriptionRoutes);
      await api.register(onboardingRoutes);
      await api.register(demoPayRoutes);
      await api.register(withdrawalsRoutes);
      await api.register(payoutsRoutes);
      await api.register(treasuryReconciliationRoutes);
      await api.register(adminUsersRoutes);
      await api.register(auditRoutes);
      await api.register(riskRoutes);
      await api.register(failedMailRoutes);
      await api.register(adminReportsRoutes);
      await api.register(adminTotpRoutes);
      await api.register(adminTeamRoutes);
      await api.register(demoTreasuryRoutes);
      await api.register(demoBatchPaymentRoutes);
      await api.register(statementsRoutes);
      await api.register(notificationsRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(devMailboxRoutes);
  await serveWebApp(app, config.webDistDir, { bscNetwork: bscNetworkOf(config.chain.chainId) });
  return app;
}

/** What each scrape reads and checks (modules/metrics/scrape-probe.ts). */
function scrapeTarget(app: FastifyInstance, context: AppContext, redis: Redis | null): ScrapeTarget {
  const { config, db, clock } = context;
  const chain = context.integrations.depositChain;
  // Its own connection to the SMTP server, apart from the sender's, checked at each scrape.
  const smtp = config.smtpUrl ? createMailTransport(config) : null;
  if (smtp) app.addHook('onClose', async () => smtp.close());
  return {
    db,
    clock,
    calendar: {
      currentCycle: (now) => cycleAt(config.rewards, now),
      firstDueCycle: (installedAt) => firstDueCycle(config.rewards, installedAt),
    },
    depositChain: chain && { headBlockNumber: () => chain.headBlockNumber(), cursorName: depositCursorName(chain) },
    redis,
    smtp,
  };
}

function createContext(app: FastifyInstance, options: BuildAppOptions): AppContext {
  const { config, db, jobLock } = options;
  const mailWorker = jobLock
    ? startMailWorker({
        db,
        lock: jobLock,
        transport: createMailTransport(config),
        config,
        logger: app.log,
        compose: () => composeRequestedAccountMail({ db, config }),
      })
    : idleMailWorker;
  app.addHook('onClose', () => mailWorker.stop());
  return {
    config,
    db,
    readDb: options.readDb ?? db,
    sessionTokens: new SessionTokens(config.keys.sessions, config.jwtExpiresInHours),
    mailWorker,
    integrations: integrationsFromConfig(config, options.integrations),
    clock: options.clock ?? systemClock,
  };
}
