import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../server-folders';
import { demoPayCommand, localUrlOf, readServerFile, removeServerFile, writeServerFile } from './local-server-file';

describe('where a local server says it runs', () => {
  it('prints the short demo:pay command only where demo:pay looks by itself', () => {
    expect(demoPayCommand('http://127.0.0.1:3000', defaultDataDir)).toBe('npm run demo:pay -- <email> [amount]');
    expect(demoPayCommand('http://127.0.0.1:3700', '/srv/uplink-data')).toBe(
      'npm run demo:pay -- <email> [amount] --url http://127.0.0.1:3700',
    );
  });

  it('turns the listening address into one this machine can reach', () => {
    expect(localUrlOf({ address: '0.0.0.0', family: 'IPv4', port: 3700 })).toBe('http://127.0.0.1:3700');
    expect(localUrlOf({ address: '::', family: 'IPv6', port: 3700 })).toBe('http://127.0.0.1:3700');
    expect(localUrlOf({ address: '::1', family: 'IPv6', port: 80 })).toBe('http://[::1]:80');
    expect(localUrlOf({ address: '192.168.1.5', family: 'IPv4', port: 3000 })).toBe('http://192.168.1.5:3000');
  });

  it('removes only its own file', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-server-file-'));
    writeServerFile(dataDir, 'http://127.0.0.1:3700');
    expect(readServerFile(dataDir)).toEqual({ url: 'http://127.0.0.1:3700', pid: process.pid });
    removeServerFile(dataDir);
    expect(readServerFile(dataDir)).toBeNull();

    // A server started since in the same DATA_DIR keeps its file when an older one stops.
    const newer = { url: 'http://127.0.0.1:3800', pid: process.pid + 1 };
    writeFileSync(path.join(dataDir, 'server.json'), JSON.stringify(newer));
    removeServerFile(dataDir);
    expect(readServerFile(dataDir)).toEqual(newer);
  });
});
