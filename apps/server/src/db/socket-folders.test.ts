import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pidOfAnEndedProcess } from '../testing/processes';
import { createSocketFolder, removeStaleSocketFolders, socketFileName } from './socket-folders';

function anHourAgo(folder: string): void {
  const then = new Date(Date.now() - 3_600_000);
  utimesSync(folder, then, then);
}

describe('socket folders left in the temporary directory', () => {
  let root: string;
  let listening: Server;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'uplink-socket-root-'));
  });
  afterAll(async () => {
    listening?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('are created private to this user and named after this process', () => {
    const folder = createSocketFolder(root);
    expect(path.basename(folder)).toMatch(new RegExp(`^uplink-pg-${process.pid}-`));
    expect((statSync(folder).mode & 0o777).toString(8)).toBe('700');
  });

  it('are removed when their server is gone, and kept while it runs', async () => {
    const ours = createSocketFolder(root);
    const crashed = path.join(root, `uplink-pg-${await pidOfAnEndedProcess()}-AbC123`);
    mkdirSync(crashed);
    // Older versions did not name the owner: a folder nobody listens in is stale after a while...
    const legacyCrashed = path.join(root, 'uplink-pg-Xy12Zw');
    mkdirSync(legacyCrashed);
    anHourAgo(legacyCrashed);
    // ...one whose socket answers belongs to a running server, and a young one may be starting.
    const legacyRunning = path.join(root, 'uplink-pg-Run123');
    mkdirSync(legacyRunning);
    listening = createServer();
    listening.listen(path.join(legacyRunning, socketFileName));
    await once(listening, 'listening');
    anHourAgo(legacyRunning);
    const legacyStarting = path.join(root, 'uplink-pg-New123');
    mkdirSync(legacyStarting);
    const unrelated = path.join(root, 'uplink-e2e-keep');
    mkdirSync(unrelated);

    const removed = await removeStaleSocketFolders(root);

    expect(removed.sort()).toEqual([crashed, legacyCrashed].sort());
    expect([ours, legacyRunning, legacyStarting, unrelated].filter((folder) => !existsSync(folder))).toEqual([]);
    expect([crashed, legacyCrashed].filter((folder) => existsSync(folder))).toEqual([]);
  });
});
