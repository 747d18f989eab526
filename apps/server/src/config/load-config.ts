import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { writePrivateFile } from '../db/data-directory';
import { defaultDataDir, defaultWebDistDir } from '../server-folders';
import { type ServerKeys, serverKeys } from '../server-keys';
import { type ChainConfig, chainConfig, demoDepositXpub } from './chain-config';
import { type Environment, readEnvironment } from './environment';
import { type ExchangeConfig, exchangeConfig } from './exchange-config';
import { isLoopbackHost } from './loopback-host';
import { type RewardsConfig, rewardsConfig } from './rewards-config';
import { type RiskConfig, riskConfig } from './risk-config';
import { type SafeConfig, safeConfig } from './safe-config';
import { productionProblems, safeProblems, severalProcessesProblem } from './start-checks';
import { type SubscriptionConfig, subscriptionConfig } from './subscription-config';
import { type WithdrawalsConfig, withdrawalsConfig } from './withdrawals-config';

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long a request waits for a database connection before it is answered 503, and a start for the database. */
  databaseWaitTimeoutMs: number;
  /** How long a stopping process may take to finish the requests it holds before it exits anyway. */
  shutdownGraceMs: number;
  /** The OpenAPI document and its pages under /api/docs: always locally, in production only when API_DOCS_PUBLIC=true. */
  apiDocsPublic: boolean;
  /** A streaming replica for admin lists, statistics, exports and history reads (see docs/scaling.md). */
  replica: { url: string | undefined; maxLagSeconds: number; checkIntervalMs: number };
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where a notice's `mailto:` unsubscribe goes (List-Unsubscribe's alternative to the one-click link). */
  unsubscribeMailbox: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** One key per purpose, configured apart or derived from JWT_SECRET (see server-keys.ts). */
  keys: ServerKeys;
  jwtExpiresInHours: number;
  depositXpub: string;
  seedDemo: boolean;
  /** Rate-limit counters live in this Redis when set, shared by every server process. */
  redisUrl: string | undefined;
  /** Prefix of the rate-limit keys in Redis (tests give each app its own). */
  rateLimitNamespace: string;
  /** API processes: more than one runs them as `node:cluster` workers (see cluster/cluster-primary.ts). */
  webConcurrency: number;
  logLevel: Environment['LOG_LEVEL'];
  webDistDir: string;
  /**
   * The dev mailbox and demo payments: they show reset links and need no sign-in, so they are on
   * only in local mode on a loopback address, or when DEV_TOOLS opts in (never in production),
   * and even then answer only requests from this machine that no proxy relayed.
   */
  devToolsEnabled: boolean;
  chain: ChainConfig;
  subscription: SubscriptionConfig;
  exchange: ExchangeConfig;
  rewards: RewardsConfig;
  withdrawals: WithdrawalsConfig;
  /** The treasury Safe payout batches are proposed to, when configured. */
  safe: SafeConfig;
  risk: RiskConfig;
  /** BingX UIDs a member may have checked per day (counted in the database, across processes). */
  uidChecksPerDay: number;
  /** Bad passwords in a row before sign-in is refused for `loginLockMinutes`. */
  maxLoginAttempts: number;
  loginLockMinutes: number;
  /** Requests per minute and IP address: `auth` for sign-in and registration, `mail` for calls that send e-mail. */
  rateLimits: { authPerMinute: number; mailPerMinute: number };
  /**
   * How long a notice is retried before it is marked FAILED (exponential back-off between attempts);
   * a one-time link or code is retried until it expires.
   */
  mailRetryHours: number;
  mailRetryBaseMs: number;
  mailPollIntervalMs: number;
  /**
   * Reverse proxies in front of the server whose X-Forwarded-For is believed (0: none). Without
   * one, anybody could send that header and pick the address the rate limits count against.
   */
  trustedProxyHops: number;
  /** Opens GET /api/metrics to other machines (a bearer token); without it only loopback reads it. */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and checks the environment, all of it at once: a ConfigError names every missing and
 * every invalid setting in one message. Nothing is opened or written before (the local JWT
 * secret is generated into DATA_DIR only once the settings are sound).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { vars, problems: invalid } = readEnvironment(env);
  const production = vars.NODE_ENV === 'production';
  const problems: string[] = [];
  const dataDir = vars.DATA_DIR ? path.resolve(vars.DATA_DIR) : defaultDataDir;
  // Local mode without a configured RPC endpoint runs its own chain so onboarding works offline.
  const demoChain = vars.DEMO_CHAIN ?? (!production && vars.NODE_ENV !== 'test' && !vars.BSC_RPC_URL);
  if (production) problems.push(...productionProblems(env, vars, demoChain));
  problems.push(...invalid);
  problems.push(...safeProblems(vars));
  const webConcurrency = vars.WEB_CONCURRENCY ?? (production && vars.DATABASE_URL ? availableParallelism() : 1);
  const processProblem = severalProcessesProblem(vars, webConcurrency, demoChain);
  if (processProblem) problems.push(processProblem);
  if (problems.length > 0) {
    throw new ConfigError(
      `Uplink cannot start with these settings (nothing was opened or written): ${problems.join('; ')}`,
    );
  }
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return {
    production,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    databaseWaitTimeoutMs: vars.DATABASE_WAIT_TIMEOUT_MS,
    shutdownGraceMs: vars.SHUTDOWN_GRACE_MS,
    apiDocsPublic: vars.API_DOCS_PUBLIC ?? !production,
    replica: {
      url: vars.DATABASE_REPLICA_URL,
      maxLagSeconds: vars.REPLICA_MAX_LAG_S,
      checkIntervalMs: vars.REPLICA_CHECK_INTERVAL_MS,
    },
    publicUrl,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    unsubscribeMailbox: vars.UNSUBSCRIBE_MAILBOX,
    adminEmail: vars.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: vars.ADMIN_PASSWORD,
    keys: serverKeys({
      master: vars.JWT_SECRET ?? localSecret(dataDir, 'jwt-secret'),
      session: vars.SESSION_SECRET,
      sessionPrevious: vars.SESSION_SECRET_PREVIOUS,
      codeHmac: vars.CODE_HMAC_SECRET,
      totpSealing: vars.TOTP_SEALING_SECRET,
    }),
    jwtExpiresInHours: vars.JWT_EXPIRES_IN_HOURS,
    depositXpub: vars.DEPOSIT_XPUB ?? demoDepositXpub,
    seedDemo: vars.SEED_DEMO ?? !production,
    redisUrl: vars.REDIS_URL,
    rateLimitNamespace: 'uplink-rate-limit:',
    webConcurrency,
    logLevel: vars.LOG_LEVEL,
    webDistDir: path.resolve(vars.WEB_DIST_DIR ?? defaultWebDistDir),
    devToolsEnabled: vars.DEV_TOOLS ?? (!production && isLoopbackHost(vars.HOST)),
    chain: chainConfig(vars, demoChain),
    subscription: subscriptionConfig(vars),
    exchange: exchangeConfig(vars),
    rewards: rewardsConfig(vars),
    withdrawals: withdrawalsConfig(vars, production),
    safe: safeConfig(vars, demoChain),
    risk: riskConfig(vars),
    uidChecksPerDay: vars.UID_CHECKS_PER_DAY,
    maxLoginAttempts: vars.MAX_LOGIN_ATTEMPTS,
    loginLockMinutes: vars.LOGIN_LOCK_MINUTES,
    // The API test suites sign in and register far more often than a person could; they opt into limits.
    rateLimits: {
      authPerMinute: vars.AUTH_RATE_LIMIT_PER_MINUTE ?? (vars.NODE_ENV === 'test' ? 100_000 : 20),
      mailPerMinute: vars.MAIL_RATE_LIMIT_PER_MINUTE ?? (vars.NODE_ENV === 'test' ? 100_000 : 5),
    },
    mailRetryHours: vars.MAIL_RETRY_HOURS,
    mailRetryBaseMs: 30_000,
    mailPollIntervalMs: 2_000,
    trustedProxyHops: vars.TRUST_PROXY,
    metricsToken: vars.METRICS_TOKEN,
  };
}

/** The demo chain's treasury can pay withdrawals and batches from the admin screens (local mode only). */
export const demoTreasuryAvailable = (config: Pick<Config, 'devToolsEnabled' | 'chain'>): boolean =>
  config.devToolsEnabled && config.chain.demoChain;

/** A secret generated once and kept in DATA_DIR, so local restarts keep sessions valid. */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writePrivateFile(file, secret);
  return secret;
}
