import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoDepositXpub } from './config/chain-config';
import { ConfigError, loadConfig } from './config/load-config';
import { isLoopbackHost } from './config/loopback-host';
import { requiredInProduction } from './config/start-checks';
import { hangDeadlineMs, settlesBeforeHang } from './testing/hang-deadline';
import { freePort, startServerProcess } from './testing/processes';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'uplink-config-'));

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-that-is-at-least-32-characters',
  DEPOSIT_XPUB: demoDepositXpub,
  PUBLIC_URL: 'https://uplink.example.com',
  TREASURY_ADDRESSES: '0x1111111111111111111111111111111111111111',
  BSC_RPC_URL: 'https://bsc.example.com',
  BINGX_API_KEY: 'an-api-key',
  BINGX_API_SECRET: 'an-api-secret',
  ALLOW_EMBEDDED_DATABASE: 'true',
  DATA_DIR: '/tmp/uplink-config-production',
};

/** Every setting production requires, as the refusal names it. */
const required = [...requiredInProduction, 'DATABASE_URL'];

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('configuration', () => {
  it('has local defaults that need nothing set', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '127.0.0.1',
      dataDir: dir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Uplink <no-reply@uplink.local>',
      unsubscribeMailbox: 'support@uplink.network',
      depositXpub: demoDepositXpub,
      seedDemo: true,
      devToolsEnabled: true,
      maxLoginAttempts: 5,
      loginLockMinutes: 15,
      rateLimits: { authPerMinute: 20, mailPerMinute: 5 },
      trustedProxyHops: 0,
    });
    expect(config.withdrawals.secondApprovalAbove).toBe('1000');
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
    // The generated secret is kept, so a restart keeps sessions (and every key derived from it) valid.
    expect(loadConfig({ DATA_DIR: dir }).keys).toEqual(config.keys);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://app@db:5432/uplink',
      PUBLIC_URL: 'https://uplink.example.com/',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Team <team@example.com>',
      UNSUBSCRIBE_MAILBOX: 'notices@example.com',
      ADMIN_EMAIL: 'Root@Example.com',
      ADMIN_PASSWORD: 'Root!Pass123',
      JWT_SECRET: 'x'.repeat(40),
      SEED_DEMO: 'false',
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'warn',
      MAX_LOGIN_ATTEMPTS: '3',
      LOGIN_LOCK_MINUTES: '30',
      AUTH_RATE_LIMIT_PER_MINUTE: '50',
      MAIL_RATE_LIMIT_PER_MINUTE: '10',
      MAIL_MAX_ATTEMPTS: '4',
      TRUST_PROXY: '1',
      UID_CHECKS_PER_DAY: '3',
      PAYOUT_SECOND_APPROVAL_ABOVE: '2500.75',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://app@db:5432/uplink',
      publicUrl: 'https://uplink.example.com',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Team <team@example.com>',
      unsubscribeMailbox: 'notices@example.com',
      adminEmail: 'root@example.com',
      adminPassword: 'Root!Pass123',
      seedDemo: false,
      redisUrl: 'redis://cache:6379',
      logLevel: 'warn',
      maxLoginAttempts: 3,
      loginLockMinutes: 30,
      rateLimits: { authPerMinute: 50, mailPerMinute: 10 },
      mailMaxAttempts: 4,
      trustedProxyHops: 1,
      uidChecksPerDay: 3,
      withdrawals: { secondApprovalAbove: '2500.75' },
    });
  });

  it('starts in production with the required secrets, without demo data or dev tools', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({ production: true, seedDemo: false, devToolsEnabled: false });
  });

  it('turns dev tools on in local mode only on a loopback address, unless DEV_TOOLS says otherwise', () => {
    const local = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir(), ...env }).devToolsEnabled;
    for (const host of ['127.0.0.1', '127.0.0.53', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) {
      expect({ host, on: local({ HOST: host }) }).toEqual({ host, on: true });
    }
    for (const host of ['0.0.0.0', '::', '192.0.2.10', '10.0.0.5', 'uplink.example.com', '::ffff:10.0.0.1']) {
      expect({ host, on: local({ HOST: host }) }).toEqual({ host, on: false });
    }
    expect(local({ HOST: '0.0.0.0', DEV_TOOLS: 'true' })).toBe(true);
    expect(local({ HOST: '127.0.0.1', DEV_TOOLS: 'false' })).toBe(false);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
  });

  it('refuses DEV_TOOLS in production', () => {
    expect(configError({ ...production, DEV_TOOLS: 'true' })).toContain('DEV_TOOLS');
  });

  it.each(requiredInProduction)('refuses to start in production without %s, naming it', (name) => {
    const env: NodeJS.ProcessEnv = { ...production };
    delete env[name];
    const message = configError(env);
    expect(message).toContain(name);
    expect(message).toMatch(/production/);
  });

  it('names every missing and every invalid setting in one message', () => {
    const message = configError({ NODE_ENV: 'production', PORT: 'eighty', DEV_TOOLS: 'true', METRICS_TOKEN: 'short' });
    expect(message.split('\n').filter((line) => line.includes('required in production'))).toEqual([
      `  required in production: ${required.join(', ')} (or ALLOW_EMBEDDED_DATABASE=true: the embedded database in DATA_DIR, for one process on one machine)`,
    ]);
    for (const name of ['PORT', 'DEV_TOOLS', 'METRICS_TOKEN']) expect(message).toContain(`${name}: `);
  });

  it('refuses production on the embedded database unless ALLOW_EMBEDDED_DATABASE=true', () => {
    const { ALLOW_EMBEDDED_DATABASE: _allowed, ...withoutDatabase } = production;
    expect(configError(withoutDatabase)).toMatch(
      /required in production: DATABASE_URL \(or ALLOW_EMBEDDED_DATABASE=true/,
    );
    expect(configError({ ...withoutDatabase, ALLOW_EMBEDDED_DATABASE: 'false' })).toContain('DATABASE_URL');
    expect(loadConfig(production).databaseUrl).toBeUndefined();
    expect(
      loadConfig({ ...withoutDatabase, DATABASE_URL: 'postgres://app@db:5432/uplink', WEB_CONCURRENCY: '1' })
        .databaseUrl,
    ).toBe('postgres://app@db:5432/uplink');
  });

  it('runs one process per core in production on PostgreSQL, one otherwise', () => {
    const postgres = { DATABASE_URL: 'postgres://app@db:5432/uplink', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig({ ...production, ...postgres }).webConcurrency).toBe(availableParallelism());
    expect(loadConfig(production).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), ...postgres }).webConcurrency).toBe(1);
    expect(loadConfig({ ...production, ...postgres, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ ...production, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(configError({ ...production, ...postgres, WEB_CONCURRENCY: '0' })).toContain('WEB_CONCURRENCY');
  });

  it('refuses several processes on the embedded database, without Redis, or with the demo chain', () => {
    const local = { DATA_DIR: dataDir(), REDIS_URL: 'redis://cache:6379', WEB_CONCURRENCY: '2' };
    expect(configError(local)).toMatch(/WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database is one session/);
    const postgres = { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://app@db:5432/uplink', WEB_CONCURRENCY: '2' };
    expect(configError(postgres)).toMatch(/WEB_CONCURRENCY=2 needs REDIS_URL/);
    expect(configError({ ...postgres, REDIS_URL: 'redis://cache:6379' })).toMatch(/demo chain.*DEMO_CHAIN=false/);
    expect(loadConfig({ ...postgres, REDIS_URL: 'redis://cache:6379', DEMO_CHAIN: 'false' }).webConcurrency).toBe(2);
  });

  it.runIf(availableParallelism() > 1)('names the per-core default when it is what needs Redis', () => {
    const message = configError({ ...production, DATABASE_URL: 'postgres://app@db:5432/uplink' });
    expect(message).toContain(`one process per core in production: ${availableParallelism()}`);
    expect(message).toContain('REDIS_URL');
  });

  it('names each malformed variable', () => {
    const message = configError({
      DATA_DIR: dataDir(),
      PORT: 'eighty',
      SMTP_URL: 'http://not-smtp.example.com',
      JWT_SECRET: 'short',
      DEPOSIT_XPUB: 'not-an-xpub',
      MAX_LOGIN_ATTEMPTS: '0',
      SEED_DEMO: 'maybe',
      PAYOUT_SECOND_APPROVAL_ABOVE: '1e3',
    });
    for (const name of [
      'PORT',
      'SMTP_URL',
      'JWT_SECRET',
      'DEPOSIT_XPUB',
      'MAX_LOGIN_ATTEMPTS',
      'SEED_DEMO',
      'PAYOUT_SECOND_APPROVAL_ABOVE',
    ]) {
      expect(message).toContain(name);
    }
  });
});

describe('the default DATA_DIR', () => {
  it("is the repository's data/ whatever directory the server or a script runs from", () => {
    const repositoryData = path.resolve(import.meta.dirname, '../../../data');
    const jwt = { JWT_SECRET: 'a-local-secret-that-is-at-least-32-characters' };
    const cwd = process.cwd();
    try {
      for (const directory of [path.resolve(import.meta.dirname, '../../..'), import.meta.dirname, tmpdir()]) {
        process.chdir(directory);
        expect(loadConfig(jwt).dataDir, directory).toBe(repositoryData);
      }
      process.chdir(tmpdir());
      expect(loadConfig({ ...jwt, DATA_DIR: './mine' }).dataDir).toBe(path.join(tmpdir(), 'mine'));
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('a production start with its settings missing', () => {
  it(
    'names every required setting in one message and exits before it opens, writes or listens anything',
    async () => {
      const emptyDataDir = dataDir();
      const server = startServerProcess({
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        DATA_DIR: emptyDataDir,
      });
      const { code } = await settlesBeforeHang(server.exited, 'a refused start');
      expect(code).toBe(1);
      const named = server
        .output()
        .split('\n')
        .filter((line) => line.includes('required in production'));
      expect(named).toHaveLength(1);
      for (const name of required) expect(named[0]).toContain(name);
      expect(readdirSync(emptyDataDir)).toEqual([]);
    },
    hangDeadlineMs,
  );
});
