import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { usdtBscContract } from '@uplink/contract/constants';
import { z } from 'zod';
import { defaultWaitTimeoutMs } from './db/connection-provider';
import { writePrivateFile } from './db/data-directory';
import { type ServerKeys, serverKeys } from './server-keys';

/**
 * The treasury of local mode and of the tests' chains: Hardhat's second test account (the public
 * test mnemonic, never for real funds), which the demo treasury and the test payer send from.
 */
export const demoTreasuryAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** The fixed demo key of local mode: m/44'/60'/1'/0 of the public Hardhat test mnemonic (never for real funds). */
export const demoDepositXpub =
  'xpub6EFHUEbYV13535ChA9yg5xZTWowwFCmFoWnhLbwkd91xHoirGu89GTZwBSUBnBpFeY5EV2cgof8yuyDnkeGALcD8DgGYJSiQfkxKpunWTX1';

/**
 * DATA_DIR when none is set: the repository's data/, whichever directory a script runs from
 * (npm start, a workspace script, demo:pay), so they all open the same database and files.
 */
export const defaultDataDir = path.resolve(import.meta.dirname, '../../../data');

/** Cycle #1 of the default calendar: Monday 2026-01-05 00:00 UTC. */
const defaultCycleEpoch = '2026-01-05T00:00:00Z';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const usdtAmount = z.string().regex(/^\d+(\.\d{1,8})?$/, 'must be a decimal amount');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Production on the embedded database (one process on one machine): refused unless this says so. */
  ALLOW_EMBEDDED_DATABASE: flag.optional(),
  DATABASE_WAIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(defaultWaitTimeoutMs),
  DATABASE_REPLICA_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REPLICA_MAX_LAG_S: z.coerce.number().min(0).max(3600).default(5),
  REPLICA_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Uplink <no-reply@uplink.local>'),
  ADMIN_EMAIL: z.email().optional(),
  UNSUBSCRIBE_MAILBOX: z.email().default('support@uplink.network'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  CODE_HMAC_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOTP_SEALING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN_HOURS: z.coerce.number().positive().default(24),
  DEPOSIT_XPUB: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be a BIP-32 extended public key')
    .optional(),
  SEED_DEMO: flag.optional(),
  DEV_TOOLS: flag.optional(),
  REDIS_URL: z.url().optional(),
  WEB_CONCURRENCY: z.coerce.number().int().positive().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  BSC_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  BSC_CHAIN_ID: z.coerce.number().int().positive().default(56),
  USDT_CONTRACT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')
    .optional(),
  CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).optional(),
  DEPOSIT_SCAN_INTERVAL_MS: z.coerce.number().int().min(1000).default(15_000),
  DEPOSIT_SCAN_START_BLOCK: z.coerce.number().int().min(0).optional(),
  TREASURY_SCAN_INTERVAL_MS: z.coerce.number().int().min(500).optional(),
  DEMO_CHAIN: flag.optional(),
  DEMO_CHAIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SUBSCRIPTION_PERIOD_DAYS: z.coerce.number().positive().default(365),
  SUBSCRIPTION_FEE: usdtAmount.default('10'),
  BINGX_API_KEY: z.string().min(1).optional(),
  BINGX_API_SECRET: z.string().min(1).optional(),
  BINGX_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://open-api.bingx.com'),
  MIN_EXCHANGE_DEPOSIT: usdtAmount.default('100'),
  REWARD_CYCLE_DAYS: z.coerce.number().int().min(1).max(366).default(7),
  REWARD_CYCLE_EPOCH: z.iso.datetime({ offset: true }).optional(),
  REWARD_CYCLE_CLOSE_INTERVAL_MS: z.coerce.number().int().min(1000).max(2_000_000_000).default(600_000),
  EXCHANGE_BALANCE_CHECKS_PER_RUN: z.coerce.number().int().min(1).max(10_000).default(250),
  MAX_PENDING_WITHDRAWALS: z.coerce.number().int().min(1).max(10_000).default(3),
  VERIFY_PAYOUTS: flag.optional(),
  PAYOUT_SECOND_APPROVAL_ABOVE: usdtAmount.default('1000'),
  PAYOUT_TRANSFERS_PER_TRANSACTION: z.coerce.number().int().min(1).max(500).default(300),
  TREASURY_ADDRESSES: z
    .string()
    .transform((list) => list.split(',').map((address) => address.trim()))
    .pipe(z.array(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x addresses, comma-separated')).min(1))
    .optional(),
  UID_CHECKS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
  MAX_LOGIN_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  MAIL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  RISK_SIGNUPS_PER_SPONSOR_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  RISK_SIGNUPS_PER_IP_DAY: z.coerce.number().int().min(1).max(100_000).default(5),
  RISK_EXCHANGE_WALLET_MIN: z.coerce.number().int().min(2).max(1_000_000).default(25),
  RISK_IGNORED_ADDRESSES: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x addresses, comma-separated')))
    .optional(),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long a request waits for a database connection before it is answered 503. */
  databaseWaitTimeoutMs: number;
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
  risk: RiskConfig;
  /** BingX UIDs a member may have checked per day (counted in the database, across processes). */
  uidChecksPerDay: number;
  /** Bad passwords in a row before sign-in is refused for `loginLockMinutes`. */
  maxLoginAttempts: number;
  loginLockMinutes: number;
  /** Requests per minute and IP address: `auth` for sign-in and registration, `mail` for calls that send e-mail. */
  rateLimits: { authPerMinute: number; mailPerMinute: number };
  /** Delivery attempts of one e-mail before it is marked FAILED (exponential backoff between them). */
  mailMaxAttempts: number;
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

export interface ChainConfig {
  /** JSON-RPC endpoint of BSC; unset in local mode, where the demo chain provides one. */
  rpcUrl: string | undefined;
  chainId: number;
  /** The USDT token; in demo-chain mode the locally deployed test token replaces it. */
  usdtContractAddress: string;
  /** Blocks (the transfer's included) before a transfer counts. */
  confirmations: number;
  depositScanIntervalMs: number;
  /** How often the treasury reconciliation reads the treasury's outgoing transfers. */
  treasuryScanIntervalMs: number;
  /** First block the deposit scanner reads when it has no cursor yet; unset: the current head. */
  depositScanStartBlock: number | undefined;
  /** Local mode: run an in-process EVM dev chain with a test USDT token (see chain/demo-chain.ts). */
  demoChain: boolean;
  /** The demo chain's multi-send contract, once it runs (the demo treasury pays batches through it). */
  demoBatchTransferAddress: string | undefined;
  demoChainPort: number;
}

export interface SubscriptionConfig {
  /** USDT, as a decimal string. */
  fee: string;
  periodDays: number;
}

export interface ExchangeConfig {
  /** Both set: the real BingX agent API; otherwise the sandbox gateway with its test UIDs. */
  apiKey: string | undefined;
  apiSecret: string | undefined;
  baseUrl: string;
  /** USDT on the exchange account a UID needs to be linked. */
  minimumDeposit: string;
}

export interface RewardsConfig {
  /** Cycle #1 starts here (a Monday 00:00 UTC by default); each cycle lasts `cycleDays`. */
  cycleEpoch: Date;
  /**
   * REWARD_CYCLE_EPOCH was set: cycle #1 is the operation's first, due like every later one.
   * Otherwise the default calendar's cycles before installation were nobody's (see `firstDueCycle`).
   */
  epochSet: boolean;
  cycleDays: number;
  /** How often the job looks for finished cycles to distribute from the exchange. */
  cycleCloseIntervalMs: number;
  /** Members whose exchange balance the compliance job asks the exchange for in one run (≈ 5 a second). */
  balanceChecksPerRun: number;
}

export interface WithdrawalsConfig {
  /** Pending withdrawals a member may have at once. */
  maxPending: number;
  /**
   * An approval must name an on-chain payment of that amount to that address. Only outside
   * production can it be switched off (VERIFY_PAYOUTS=false), e.g. without a chain to read.
   */
  verifyPayouts: boolean;
  /**
   * The wallets payouts are sent from (TREASURY_ADDRESSES, lower-case): a payment proves a
   * withdrawal only when it comes from one of them. Required in production; locally the demo treasury.
   */
  treasuryAddresses: string[];
  /**
   * USDT, as a decimal string (PAYOUT_SECOND_APPROVAL_ABOVE): what an administrator may export
   * without a second approval in any rolling 24 hours, over all the batches they export; past it a
   * batch is exported only once another administrator approved it (four eyes).
   */
  secondApprovalAbove: string;
  /**
   * Transfers in one Safe transaction (PAYOUT_TRANSFERS_PER_TRANSACTION): a batch's Transaction
   * Builder file comes in parts of at most this many, and the demo treasury pays one transaction
   * per part. 300 by default (about 9–10 M gas on BSC, docs/deployment.md), 500 at most: under the
   * 2^24 gas a transaction may use (EIP-7825).
   */
  transfersPerTransaction: number;
}

/** The risk rules' thresholds (issue 36). */
export interface RiskConfig {
  /** More sign-ups than this under one sponsor within an hour is a REGISTRATION_BURST. */
  signupsPerSponsorHour: number;
  /** More sign-ups than this from one client address within 24 hours is a REGISTRATION_BURST. */
  signupsPerClientAddressDay: number;
  /** An address that paid for this many members or more is an exchange's hot wallet: no SHARED_FUNDING_WALLET. */
  exchangeWalletMin: number;
  /** Addresses no rule compares (lower case): known exchange and service wallets. */
  ignoredAddresses: string[];
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
  const webConcurrency = vars.WEB_CONCURRENCY ?? (production && vars.DATABASE_URL ? availableParallelism() : 1);
  const processProblem = severalProcessesProblem(vars, webConcurrency, demoChain);
  if (processProblem) problems.push(processProblem);
  if (problems.length > 0) {
    throw new ConfigError(
      `Uplink cannot start with these settings (nothing was opened or written):\n  ${problems.join('\n  ')}`,
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
    webDistDir: path.resolve(vars.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    devToolsEnabled: vars.DEV_TOOLS ?? (!production && isLoopbackHost(vars.HOST)),
    chain: {
      rpcUrl: vars.BSC_RPC_URL,
      chainId: vars.BSC_CHAIN_ID,
      usdtContractAddress: vars.USDT_CONTRACT_ADDRESS ?? usdtBscContract,
      // The demo chain mines a block every second: two confirmations keep the demo quick.
      confirmations: vars.CONFIRMATIONS ?? (demoChain ? 2 : 15),
      depositScanIntervalMs: vars.DEPOSIT_SCAN_INTERVAL_MS,
      // The demo approves a paid batch within seconds; a real chain's confirmations take longer anyway.
      treasuryScanIntervalMs: vars.TREASURY_SCAN_INTERVAL_MS ?? (demoChain ? 2000 : vars.DEPOSIT_SCAN_INTERVAL_MS),
      depositScanStartBlock: vars.DEPOSIT_SCAN_START_BLOCK,
      demoChain,
      demoBatchTransferAddress: undefined,
      demoChainPort: vars.DEMO_CHAIN_PORT,
    },
    subscription: { fee: vars.SUBSCRIPTION_FEE, periodDays: vars.SUBSCRIPTION_PERIOD_DAYS },
    exchange: {
      apiKey: vars.BINGX_API_KEY,
      apiSecret: vars.BINGX_API_SECRET,
      baseUrl: vars.BINGX_BASE_URL.replace(/\/+$/, ''),
      minimumDeposit: vars.MIN_EXCHANGE_DEPOSIT,
    },
    rewards: {
      cycleEpoch: new Date(vars.REWARD_CYCLE_EPOCH ?? defaultCycleEpoch),
      epochSet: vars.REWARD_CYCLE_EPOCH !== undefined,
      cycleDays: vars.REWARD_CYCLE_DAYS,
      cycleCloseIntervalMs: vars.REWARD_CYCLE_CLOSE_INTERVAL_MS,
      balanceChecksPerRun: vars.EXCHANGE_BALANCE_CHECKS_PER_RUN,
    },
    withdrawals: {
      maxPending: vars.MAX_PENDING_WITHDRAWALS,
      verifyPayouts: production || (vars.VERIFY_PAYOUTS ?? true),
      treasuryAddresses: (vars.TREASURY_ADDRESSES ?? [demoTreasuryAddress]).map((address) => address.toLowerCase()),
      secondApprovalAbove: vars.PAYOUT_SECOND_APPROVAL_ABOVE,
      transfersPerTransaction: vars.PAYOUT_TRANSFERS_PER_TRANSACTION,
    },
    risk: {
      signupsPerSponsorHour: vars.RISK_SIGNUPS_PER_SPONSOR_HOUR,
      signupsPerClientAddressDay: vars.RISK_SIGNUPS_PER_IP_DAY,
      exchangeWalletMin: vars.RISK_EXCHANGE_WALLET_MIN,
      ignoredAddresses: (vars.RISK_IGNORED_ADDRESSES ?? []).map((address) => address.toLowerCase()),
    },
    uidChecksPerDay: vars.UID_CHECKS_PER_DAY,
    maxLoginAttempts: vars.MAX_LOGIN_ATTEMPTS,
    loginLockMinutes: vars.LOGIN_LOCK_MINUTES,
    // The API test suites sign in and register far more often than a person could; they opt into limits.
    rateLimits: {
      authPerMinute: vars.AUTH_RATE_LIMIT_PER_MINUTE ?? (vars.NODE_ENV === 'test' ? 100_000 : 20),
      mailPerMinute: vars.MAIL_RATE_LIMIT_PER_MINUTE ?? (vars.NODE_ENV === 'test' ? 100_000 : 5),
    },
    mailMaxAttempts: vars.MAIL_MAX_ATTEMPTS,
    mailRetryBaseMs: 30_000,
    mailPollIntervalMs: 2_000,
    trustedProxyHops: vars.TRUST_PROXY,
    metricsToken: vars.METRICS_TOKEN,
  };
}

/**
 * Each variable read on its own, so that every invalid one is named, not the first only. A
 * variable that is invalid is left out of `vars`: the checks across variables then see it unset.
 */
function readEnvironment(env: NodeJS.ProcessEnv): { vars: Environment; problems: string[] } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(environmentSchema.shape)) {
    const parsed = schema.safeParse(env[name]);
    if (parsed.success) values[name] = parsed.data;
    else problems.push(`${name}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  return { vars: values as Environment, problems };
}

/** What production needs set, DATABASE_URL aside (ALLOW_EMBEDDED_DATABASE may stand in for it). */
export const requiredInProduction = [
  'JWT_SECRET',
  'DEPOSIT_XPUB',
  'PUBLIC_URL',
  'TREASURY_ADDRESSES',
  'BSC_RPC_URL',
  'BINGX_API_KEY',
  'BINGX_API_SECRET',
] as const;

function productionProblems(env: NodeJS.ProcessEnv, vars: Environment, demoChain: boolean): string[] {
  const missing: string[] = requiredInProduction.filter((name) => !env[name]);
  if (!env.DATABASE_URL && !vars.ALLOW_EMBEDDED_DATABASE) {
    missing.push(
      'DATABASE_URL (or ALLOW_EMBEDDED_DATABASE=true: the embedded database in DATA_DIR, for one process on one machine)',
    );
  }
  return [
    ...(missing.length > 0 ? [`required in production: ${missing.join(', ')}`] : []),
    ...(demoChain ? ['DEMO_CHAIN: cannot be used in production'] : []),
    ...(vars.DEV_TOOLS ? ['DEV_TOOLS: cannot be used in production'] : []),
  ];
}

/**
 * Several processes (WEB_CONCURRENCY, by default one per core in production on PostgreSQL) are
 * refused where they could not share what one process keeps to itself: the embedded database (one
 * session of one process), the rate-limit counters (shared only in Redis) and the demo chain (each
 * process would start its own).
 */
function severalProcessesProblem(vars: Environment, count: number, demoChain: boolean): string | undefined {
  if (count === 1) return undefined;
  const setting = vars.WEB_CONCURRENCY
    ? `WEB_CONCURRENCY=${count}`
    : `WEB_CONCURRENCY (by default one process per core in production: ${count})`;
  if (!vars.DATABASE_URL) {
    return `${setting} needs DATABASE_URL: the embedded database is one session in one process, so it runs with WEB_CONCURRENCY=1 only`;
  }
  if (!vars.REDIS_URL) {
    return `${setting} needs REDIS_URL, so that all processes count against the same rate limits (or set WEB_CONCURRENCY=1)`;
  }
  if (demoChain) {
    return `${setting}: the demo chain runs inside one process; set DEMO_CHAIN=false or WEB_CONCURRENCY=1`;
  }
  return undefined;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * True when a server listening on `host` can be reached only from this machine: 127.0.0.0/8,
 * ::1 (IPv4-mapped forms included) or the name localhost. 0.0.0.0 and :: listen everywhere.
 */
/** The demo chain's treasury can pay withdrawals and batches from the admin screens (local mode only). */
export const demoTreasuryAvailable = (config: Pick<Config, 'devToolsEnabled' | 'chain'>): boolean =>
  config.devToolsEnabled && config.chain.demoChain;

export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const family = isIP(name);
  if (family === 0) return false;
  return loopback.check(name, family === 4 ? 'ipv4' : 'ipv6');
}

/** A secret generated once and kept in DATA_DIR, so local restarts keep sessions valid. */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writePrivateFile(file, secret);
  return secret;
}
