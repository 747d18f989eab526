import { randomBytes } from 'node:crypto';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepositChain } from '../../chain/deposit-chain';
import type { DatabaseHandle } from '../../db/database';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import { type CuttableProxy, startCuttableProxy } from '../../testing/cuttable-proxy';
import { hangDeadlineMs } from '../../testing/hang-deadline';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { databaseUrlOn, withAdminClient } from '../../testing/test-database';
import { depositCursorName } from '../subscription/deposit-scanner';

/** The value of the sample `name` with exactly `labels`, or undefined when the scrape has none. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

const up = (text: string, dependency: string) => sample(text, 'uplink_up', `dependency="${dependency}"`);

async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** Scrapes until `done` holds (a client reconnecting after an outage takes a moment). */
async function scrapeUntil(t: TestApp, done: (text: string) => boolean): Promise<string> {
  for (;;) {
    const text = await scrape(t);
    if (done(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const databaseServer = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseServer)('a database outage, on PostgreSQL', () => {
  let proxy: CuttableProxy;
  let t: TestApp;
  const name = `uplink_test_${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    const server = new URL(databaseServer as string);
    proxy = await startCuttableProxy({ host: server.hostname, port: Number(server.port || 5432) });
    await withAdminClient(databaseServer as string, (client) => client.query(`CREATE DATABASE ${name}`));
    const throughProxy = new URL(databaseUrlOn(databaseServer as string, name));
    throughProxy.host = proxy.address;
    const database: DatabaseHandle = await openDatabase({
      databaseUrl: throughProxy.toString(),
      pgliteDataDir: 'memory://',
      waitTimeoutMs: hangDeadlineMs,
    });
    await migrateToLatest(database.db);
    t = await createTestApp({}, { depositChain: null }, database);
  }, hangDeadlineMs);
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await withAdminClient(databaseServer as string, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
  });

  it('answers the scrape with uplink_up 0 and no stale figures while the database is gone, then recovers', async () => {
    const healthy = await scrape(t);
    expect(up(healthy, 'database')).toBe(1);
    expect(sample(healthy, 'uplink_withdrawals_pending')).toBe(0);

    // A host gone from the network: connections hang, and only the scrape's own timeout ends the wait.
    proxy.cut('silent');
    const cut = await scrape(t);
    expect(up(cut, 'database')).toBe(0);
    for (const figure of [
      'uplink_withdrawals_pending',
      'uplink_mail_outbox_pending',
      'uplink_reward_cycle_first_due',
    ]) {
      expect(sample(cut, figure), figure).toBeUndefined();
    }
    expect(cut).not.toMatch(/^uplink_risk_events_open\{/m);
    expect(sample(cut, 'uplink_treasury_transfers_unmatched_total')).toBeUndefined();

    proxy.restore();
    const recovered = await scrapeUntil(t, (text) => up(text, 'database') === 1);
    expect(sample(recovered, 'uplink_withdrawals_pending')).toBe(0);
  });
});

describe('a Redis outage', () => {
  const redis = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  let proxy: CuttableProxy;
  let t: TestApp;
  beforeAll(async () => {
    proxy = await startCuttableProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    t = await createTestApp({
      redisUrl: `redis://${proxy.address}`,
      rateLimitNamespace: `uplink-test-${randomBytes(6).toString('hex')}:`,
    });
  }, hangDeadlineMs);
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('shows as uplink_up{dependency="redis"} 0 while Redis is stopped or unreachable, 1 once it is back', async () => {
    await scrapeUntil(t, (text) => up(text, 'redis') === 1);
    for (const outage of ['refused', 'silent'] as const) {
      proxy.cut(outage);
      const cut = await scrapeUntil(t, (text) => up(text, 'redis') === 0);
      expect(up(cut, 'database')).toBe(1);
      proxy.restore();
      await scrapeUntil(t, (text) => up(text, 'redis') === 1);
    }
  });

  it('has no redis series where Redis is not used, nor chain or SMTP series without them', async () => {
    const without = await createTestApp();
    try {
      const text = await scrape(without);
      expect(up(text, 'database')).toBe(1);
      for (const dependency of ['redis', 'chain', 'smtp']) expect(up(text, dependency), dependency).toBeUndefined();
    } finally {
      await without.close();
    }
  });
});

/** A JSON-RPC node that knows its chain and its head, enough for the scrape's question. */
async function startChainNode(head: number): Promise<{ server: Server; port: number }> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string };
      const result = call.method === 'eth_chainId' ? '0x38' : `0x${head.toString(16)}`;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('a chain node outage', () => {
  let node: { server: Server; port: number };
  let proxy: CuttableProxy;
  let t: TestApp;
  beforeAll(async () => {
    node = await startChainNode(1_042);
    proxy = await startCuttableProxy({ host: '127.0.0.1', port: node.port });
    const { chain } = testConfig();
    const depositChain = createDepositChain({
      production: false,
      chain: { ...chain, chainId: 56, rpcUrl: `http://${proxy.address}` },
    });
    t = await createTestApp({}, { depositChain });
    await t.database.db
      .insertInto('chain_scan_cursors')
      .values({ name: depositCursorName(depositChain as NonNullable<typeof depositChain>), last_block: 1_000 })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await new Promise((resolve) => node?.server.close(resolve));
  });

  it('measures the scanner against the head the node gives now, and leaves blocks-behind absent while it cannot be asked', async () => {
    const healthy = await scrape(t);
    expect(up(healthy, 'chain')).toBe(1);
    expect(sample(healthy, 'uplink_deposit_scan_blocks_behind')).toBe(42);

    for (const outage of ['refused', 'silent'] as const) {
      proxy.cut(outage);
      // ethers keeps the head it read for a quarter of a second.
      const cut = await scrapeUntil(t, (text) => up(text, 'chain') === 0);
      expect(sample(cut, 'uplink_deposit_scan_blocks_behind'), outage).toBeUndefined();
      expect(up(cut, 'database')).toBe(1);
      proxy.restore();
      expect(sample(await scrapeUntil(t, (text) => up(text, 'chain') === 1), 'uplink_deposit_scan_blocks_behind')).toBe(
        42,
      );
    }
  });
});
