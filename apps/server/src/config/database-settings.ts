import path from 'node:path';
import { defaultDataDir } from '../server-folders';
import { type Environment, readEnvironment } from './environment';
import { ConfigError } from './load-config';

/** What an operator command that only opens the database reads: nothing of the server's other settings. */
export interface DatabaseSettings {
  production: boolean;
  /** PostgreSQL; without it the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** How long the command waits for an unreachable database before it gives up. */
  waitTimeoutMs: number;
}

/** The variables `loadDatabaseSettings` reads, and so the only ones whose problems it reports. */
export const databaseVariables = ['NODE_ENV', 'DATA_DIR', 'DATABASE_URL', 'DATABASE_WAIT_TIMEOUT_MS'] as const;

/**
 * The settings an operator command reads, and only those: a problem with any other variable of the
 * server (a missing JWT_SECRET, a bad PORT) is not the command's to refuse. A misspelt variable is
 * still refused: it may be one the command meant to read.
 */
export function readCommandSettings(
  env: NodeJS.ProcessEnv,
  variables: readonly string[],
): { vars: Environment; production: boolean } {
  const { vars, problems } = readEnvironment(env);
  const ours = problems.filter(
    (problem) => variables.some((name) => problem.startsWith(`${name}: `)) || problem.includes('did you mean'),
  );
  const production = vars.NODE_ENV === 'production';
  if (production && !env.DATABASE_URL && !env.DATA_DIR) {
    ours.push('DATABASE_URL (or DATA_DIR for the embedded database): required in production');
  }
  if (ours.length > 0) throw new ConfigError(`These settings are refused (nothing was opened): ${ours.join('; ')}`);
  return { vars, production };
}

/**
 * The database settings alone, for `db:migrate`, `ledger:check` and the other commands that only
 * need the database (issue 44): JWT_SECRET, the chain, the exchange, Redis and WEB_CONCURRENCY are
 * neither asked for nor checked; production names its database (DATABASE_URL, or DATA_DIR for the
 * embedded one).
 */
export function loadDatabaseSettings(env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  const { vars, production } = readCommandSettings(env, databaseVariables);
  return {
    production,
    databaseUrl: vars.DATABASE_URL,
    dataDir: vars.DATA_DIR ? path.resolve(vars.DATA_DIR) : defaultDataDir,
    waitTimeoutMs: vars.DATABASE_WAIT_TIMEOUT_MS,
  };
}
