import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// NUMERIC and BIGINT stay strings (exact); int8 ids are small enough to read as strings too.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  /** 'postgres' for a server, 'pglite' for the embedded database. */
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `memory://` for a throw-away database. */
  pgliteDataDir: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const poolSize = options.poolSize ?? 10;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: poolSize });
    return wrap(pool, 'postgres', async () => {});
  }
  return openEmbedded(options.pgliteDataDir, poolSize);
}

/**
 * PGlite behind a unix socket that speaks the PostgreSQL wire protocol, so the rest of the
 * server uses node-postgres exactly as against a real server.
 */
async function openEmbedded(dataDir: string, poolSize: number): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  const socketDir = mkdtempSync(path.join(tmpdir(), 'uplink-pg-'));
  const server = new PGLiteSocketServer({
    db: pglite,
    path: path.join(socketDir, '.s.PGSQL.5432'),
    maxConnections: poolSize + 2,
  });
  await server.start();
  const pool = new pg.Pool({ host: socketDir, user: 'postgres', database: 'postgres', max: poolSize });
  return wrap(pool, 'pglite', async () => {
    await server.stop();
    await pglite.close();
    rmSync(socketDir, { recursive: true, force: true });
  });
}

function wrap(pool: pg.Pool, kind: DatabaseHandle['kind'], closeBackend: () => Promise<void>): DatabaseHandle {
  // An idle pooled connection that the server drops (restart, failover, terminated backend) must
  // not crash the process: the pool discards it and the next query opens a new one.
  pool.on('error', (error) => {
    console.warn(`database: idle connection lost (${error.message})`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    kind,
    async close() {
      await db.destroy();
      await closeBackend();
    },
  };
}
