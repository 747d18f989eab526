import type { Environment } from './environment';
import { weakSecretProblem } from './secret-strength';

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

export function productionProblems(env: NodeJS.ProcessEnv, vars: Environment, demoChain: boolean): string[] {
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
    ...weakKeySecrets(vars),
  ];
}

/**
 * The treasury Safe must be one of the treasury addresses (its transfers are the payments the
 * reconciliation reads), and a proposer key is only of use with a Safe to propose to.
 */
export function safeProblems(vars: Environment): string[] {
  const safe = vars.TREASURY_SAFE_ADDRESS?.toLowerCase();
  const treasury = vars.TREASURY_ADDRESSES?.map((address) => address.toLowerCase());
  return [
    ...(safe && treasury && !treasury.includes(safe)
      ? ['TREASURY_SAFE_ADDRESS: must be one of TREASURY_ADDRESSES']
      : []),
    ...((vars.SAFE_PROPOSER_PRIVATE_KEY || vars.SAFE_TX_SERVICE_URL) && !safe
      ? ['SAFE_PROPOSER_PRIVATE_KEY and SAFE_TX_SERVICE_URL need TREASURY_SAFE_ADDRESS, the Safe they propose to']
      : []),
  ];
}

/**
 * The secrets keys are made from, checked for randomness in production (SESSION_SECRET_PREVIOUS
 * is not: it is on its way out, and refusing it would keep a weak key in place).
 */
const keySecrets = ['JWT_SECRET', 'SESSION_SECRET', 'CODE_HMAC_SECRET', 'TOTP_SEALING_SECRET'] as const;

function weakKeySecrets(vars: Environment): string[] {
  return keySecrets.flatMap((name) => {
    const secret = vars[name];
    const problem = secret === undefined ? undefined : weakSecretProblem(secret);
    return problem ? [`${name}: ${problem}`] : [];
  });
}

/** What a start says it is not refusing but the operator should know, logged as warnings at every start. */
export function startWarnings(config: { production: boolean; databaseUrl: string | undefined }): string[] {
  return config.production && !config.databaseUrl
    ? [
        'production on the embedded database (ALLOW_EMBEDDED_DATABASE=true): one process on one machine, no second host, no replica; set DATABASE_URL for a real deployment',
      ]
    : [];
}

/**
 * Several processes (WEB_CONCURRENCY, by default one per core in production on PostgreSQL) are
 * refused where they could not share what one process keeps to itself: the embedded database (one
 * session of one process), the rate-limit counters (shared only in Redis) and the demo chain (each
 * process would start its own).
 */
export function severalProcessesProblem(vars: Environment, count: number, demoChain: boolean): string | undefined {
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
