import { z } from 'zod';
import { defaultWaitTimeoutMs } from '../db/connection-provider';
import { misspeltSettingProblems } from './setting-names';

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
  /** How long a stopping process may take to finish the requests it holds (uploads included). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  /** Production serves the OpenAPI document and its pages (/api/docs) only when this says so. */
  API_DOCS_PUBLIC: flag.optional(),
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
  /** The compliance line (default `minimumExchangeBalanceUsdt`); MIN_EXCHANGE_DEPOSIT is its old name, still read. */
  MIN_EXCHANGE_BALANCE: usdtAmount.optional(),
  MIN_EXCHANGE_DEPOSIT: usdtAmount.optional(),
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
  /** The treasury Safe payouts are proposed to (config/safe-config.ts): one of TREASURY_ADDRESSES. */
  TREASURY_SAFE_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')
    .optional(),
  SAFE_TX_SERVICE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How long one call to the Transaction Service (or the chain behind it) may take while a batch is locked. */
  SAFE_TX_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** A delegate's key, not an owner's: it proposes to the Transaction Service and can do nothing else. */
  SAFE_PROPOSER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x private key (32 bytes in hex)')
    .optional(),
  UID_CHECKS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
  MAX_LOGIN_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  MAIL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  MAIL_RETRY_HOURS: z.coerce.number().int().min(1).max(720).default(72),
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

/** Variables of ours read outside the server's settings: by demo:pay, and by the cluster for its workers. */
const otherVariables = ['DEMO_SERVER_URL', 'UPLINK_WORKER_RUNS_JOBS'];

/** Every variable Uplink reads: a variable one or two letters off one of them is refused (setting-names.ts). */
export const settingNames: readonly string[] = [...Object.keys(environmentSchema.shape), ...otherVariables];

/**
 * Each variable read on its own, so that every invalid one is named, not the first only. A
 * variable that is invalid is left out of `vars`: the checks across variables then see it unset.
 * A variable that looks like a misspelling of one of ours is named too.
 */
export function readEnvironment(env: NodeJS.ProcessEnv): { vars: Environment; problems: string[] } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(environmentSchema.shape)) {
    const parsed = schema.safeParse(env[name]);
    if (parsed.success) values[name] = parsed.data;
    else problems.push(`${name}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  problems.push(...misspeltSettingProblems(env, settingNames));
  return { vars: values as Environment, problems };
}
