import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDepositXpub } from './config/chain-config';
import { loadDatabaseSettings } from './config/database-settings';
import { ConfigError, loadConfig } from './config/load-config';
import { isLoopbackHost } from './config/loopback-host';
import { weakSecretProblem } from './config/secret-strength';
import { requiredInProduction, startWarnings } from './config/start-checks';
import { checksBeforeStart } from './server-runtime';
import { hangDeadlineMs, settlesBeforeHang } from './testing/hang-deadline';
import { freePort, startServerProcess } from './testing/processes';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'uplink-config-'));

const production = {
  NODE_ENV: 'production',
  // openssl rand -base64 48, as the guide says.
  JWT_SECRET: 'acOaLFKkvXaOn4WQX2CstEnYisn82lxp+ZutCyclKwe5O3u9F3Oe7DNpc10QutHu',
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
      MAIL_RETRY_HOURS: '24',
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
      mailRetryHours: 24,
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
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(
      `required in production: ${required.join(', ')} (or ALLOW_EMBEDDED_DATABASE=true: the embedded database in DATA_DIR, for one process on one machine); `,
    );
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

describe('settings that fail closed (issue 42)', () => {
  it('refuses in production a key secret that is not 32 bytes of randomness, naming why', () => {
    const refused = {
      'one letter': ['x'.repeat(64), /repeats "x" 64 times/],
      'a character most of it': [`${'0'.repeat(30)}${randomBytes(24).toString('hex')}`, /repeats "0"/],
      'a shorter text repeated': ['Kq7!Zp2#'.repeat(8), /repeats the same 8 characters/],
      'dictionary words': ['my-super-secret-jwt-key-for-production-use-only-2026', /dictionary words/],
      'too short for 256 bits': [randomBytes(24).toString('base64'), /holds at most \d+ bits/],
      'hex of 24 bytes': [randomBytes(24).toString('hex'), /holds at most 192 bits/],
    } as const;
    for (const [what, [secret, why]] of Object.entries(refused)) {
      const message = configError({ ...production, JWT_SECRET: secret });
      expect(message, what).toMatch(new RegExp(`JWT_SECRET: .*${why.source}`));
    }
    expect(configError({ ...production, SESSION_SECRET: 'a'.repeat(40) })).toContain('SESSION_SECRET: ');
    // Locally nothing needs to be random: a developer's or a test's secret is theirs.
    expect(loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(40) }).production).toBe(false);
  });

  it('accepts every secret the guide and common advice generate, whatever it happens to spell', () => {
    for (let sample = 0; sample < 300; sample += 1) {
      for (const secret of [
        randomBytes(48).toString('base64'),
        randomBytes(32).toString('hex'),
        randomBytes(32).toString('base64url'),
      ]) {
        expect(weakSecretProblem(secret), secret).toBeUndefined();
      }
    }
    // One base64url secret of 32 bytes in about 7,700 happens to have neither a digit nor a symbol.
    let lettersOnly: string;
    do lettersOnly = randomBytes(32).toString('base64url');
    while (!/^[A-Za-z]+$/.test(lettersOnly));
    expect(weakSecretProblem(lettersOnly), lettersOnly).toBeUndefined();
    // Base64 too short for 32 bytes is still refused, whatever alphabet it is read in.
    expect(weakSecretProblem(randomBytes(24).toString('base64url'))).toMatch(/holds at most \d+ bits/);
  });

  it('refuses a variable one or two letters off one of ours, naming the one it resembles', () => {
    const message = configError({
      DATA_DIR: dataDir(),
      DATABSE_URL: 'postgres://app@db:5432/uplink',
      smtp_url: 'smtp://x',
    });
    expect(message).toContain('DATABSE_URL: not a setting of Uplink; did you mean DATABASE_URL?');
    expect(message).toContain('smtp_url: not a setting of Uplink; did you mean SMTP_URL?');
    // What every environment sets is never taken for a misspelling (HOME is two letters off HOST;
    // TEST, which vitest sets, too), but a short name of ours one letter off still is.
    // A setting an earlier release read is named with what replaced it, not silently ignored.
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_MAX_ATTEMPTS: '6' })).toThrow(
      /MAIL_MAX_ATTEMPTS: no longer a setting of Uplink; use MAIL_RETRY_HOURS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORTS: '3000' })).toThrow(
      /PORTS: not a setting of Uplink; did you mean PORT\?/,
    );
    const environment = {
      TEST: 'true',
      HOME: '/root',
      HOSTNAME: 'box',
      PATH: '/bin',
      PWD: '/',
      npm_config_port: '1',
      TEST_DATABASE_URL: 'x',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...environment }).production).toBe(false);
    // Operator commands refuse it too: the database they would open is not the one meant.
    expect(() => loadDatabaseSettings({ DATABSE_URL: 'postgres://app@db:5432/uplink' })).toThrow(
      /did you mean DATABASE_URL/,
    );
  });

  it('warns at every production start on the embedded database', () => {
    expect(startWarnings(loadConfig(production))).toEqual([
      expect.stringMatching(/^production on the embedded database/),
    ]);
    expect(startWarnings({ ...loadConfig(production), databaseUrl: 'postgres://app@db:5432/uplink' })).toEqual([]);
  });

  it('keeps the API documentation to local servers unless API_DOCS_PUBLIC=true', () => {
    expect(loadConfig(production).apiDocsPublic).toBe(false);
    expect(loadConfig({ ...production, API_DOCS_PUBLIC: 'true' }).apiDocsPublic).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir() }).apiDocsPublic).toBe(true);
  });

  it('asks operator commands for the database only: nothing else is required, even in production', () => {
    const settings = loadDatabaseSettings({ NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db:5432/uplink' });
    expect(settings).toMatchObject({
      production: true,
      databaseUrl: 'postgres://app@db:5432/uplink',
      waitTimeoutMs: 15_000,
    });
    // A bad setting the command does not read is not its to refuse.
    expect(
      loadDatabaseSettings({ NODE_ENV: 'production', DATA_DIR: dataDir(), PORT: 'eighty', WEB_CONCURRENCY: '4' })
        .databaseUrl,
    ).toBeUndefined();
    expect(() => loadDatabaseSettings({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL \(or DATA_DIR/);
    expect(() => loadDatabaseSettings({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: /);
  });
});

describe('the chain node a start checks', () => {
  let node: Server;
  let rpcUrl: string;
  beforeAll(async () => {
    // A JSON-RPC node of the BSC test network (chain 97).
    node = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x61' }));
    }).listen(0, '127.0.0.1');
    await once(node, 'listening');
    rpcUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
  });
  afterAll(() => node?.close());

  it('refuses a node of another chain than BSC_CHAIN_ID, naming both', async () => {
    const config = loadConfig({ ...production, BSC_RPC_URL: rpcUrl });
    await expect(checksBeforeStart(config)).rejects.toThrow(
      /BSC_CHAIN_ID is 56 but the node at BSC_RPC_URL \(http:\/\/127\.0\.0\.1:\d+\) serves chain 97/,
    );
    expect(await checksBeforeStart(loadConfig({ ...production, BSC_RPC_URL: rpcUrl, BSC_CHAIN_ID: '97' }))).toEqual([
      expect.stringMatching(/^production on the embedded database/),
    ]);
  });

  it('starts with a warning when the node does not answer', async () => {
    const config = loadConfig({ ...production, BSC_RPC_URL: `http://127.0.0.1:${await freePort()}` });
    expect(await checksBeforeStart(config)).toContainEqual(
      expect.stringMatching(/did not answer .*its chain id is not checked/),
    );
  });
});
