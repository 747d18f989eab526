import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pidOfAnEndedProcess, sleepingProcess } from '../testing/processes';
import { DataDirectoryInUseError, ensurePrivateDirectory, writePrivateFile } from './data-directory';
import { openDatabase } from './database';

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** Every entry under `directory` whose mode is not owner-only (0700 directories, 0600 files). */
function notOwnerOnly(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    const expected = entry.isDirectory() ? '700' : '600';
    return mode(file) === expected ? [] : [`${path.relative(directory, file)} ${mode(file)}`];
  });
}

describe('the embedded database on disk', () => {
  let root: string;
  let dataDir: string;
  let pgliteDir: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'uplink-data-dir-'));
    dataDir = path.join(root, 'data');
    pgliteDir = path.join(dataDir, 'pglite');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is readable by its owner only: DATA_DIR 0700, every database file 0600, before and after use', async () => {
    const database = await openDatabase({ pgliteDataDir: pgliteDir });
    try {
      expect(mode(dataDir)).toBe('700');
      expect(readdirSync(pgliteDir)).toContain('PG_VERSION');
      expect(notOwnerOnly(pgliteDir)).toEqual([]);
      await sql`CREATE TABLE written (id integer PRIMARY KEY)`.execute(database.db);
      await sql`INSERT INTO written SELECT generate_series(1, 1000)`.execute(database.db);
      await sql`CHECKPOINT`.execute(database.db);
    } finally {
      await database.close();
    }
    expect(notOwnerOnly(pgliteDir)).toEqual([]);
    expect(existsSync(`${pgliteDir}.pid`)).toBe(false);
  });

  it('is opened by one holder at a time: a second open in this process or by a running process is refused', async () => {
    const database = await openDatabase({ pgliteDataDir: pgliteDir });
    try {
      await expect(openDatabase({ pgliteDataDir: pgliteDir })).rejects.toBeInstanceOf(DataDirectoryInUseError);
    } finally {
      await database.close();
    }

    const otherServer = sleepingProcess();
    try {
      writeFileSync(`${pgliteDir}.pid`, `${otherServer.pid}\n`);
      const refused = openDatabase({ pgliteDataDir: pgliteDir });
      await expect(refused).rejects.toBeInstanceOf(DataDirectoryInUseError);
      await expect(refused).rejects.toThrow(`pid ${otherServer.pid}`);
    } finally {
      otherServer.kill();
    }
  });

  it('takes over the lock a crashed run left behind', async () => {
    writeFileSync(`${pgliteDir}.pid`, `${await pidOfAnEndedProcess()}\n`);
    const database = await openDatabase({ pgliteDataDir: pgliteDir });
    try {
      const { rows } = await sql<{ rows: number }>`SELECT count(*)::int AS rows FROM written`.execute(database.db);
      expect(rows[0]?.rows).toBe(1000);
    } finally {
      await database.close();
    }
  });
});

describe('a DATA_DIR an older version created', () => {
  it('is tightened to 0700', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'uplink-data-dir-'));
    try {
      const dataDir = path.join(root, 'data');
      mkdirSync(dataDir, { mode: 0o755 });
      ensurePrivateDirectory(dataDir);
      expect(mode(dataDir)).toBe('700');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('has its files written 0600, an older file left 0644 tightened', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'uplink-data-dir-'));
    try {
      const dataDir = path.join(root, 'data');
      writePrivateFile(path.join(dataDir, 'server.json'), '{}');
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(path.join(dataDir, 'demo-chain.json'), '{"old":true}', { mode: 0o644 });
      writePrivateFile(path.join(dataDir, 'demo-chain.json'), '{}');
      expect(notOwnerOnly(root)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
