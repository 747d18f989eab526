import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './database';
import { executePrepared } from './prepared-statements';

const probe = (id: number) => sql<{ answer: string }>`SELECT 'answer-' || ${id}::int AS answer`;

describe('prepared statements', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  const preparedNames = async () => {
    const { rows } = await database.pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
    return rows.map((row) => row.name);
  };

  it('runs a registered statement under its name, with each call its own parameters', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((id) => executePrepared(database.db, 'test:probe', probe(id).compile(database.db))),
    );
    expect(answers).toEqual([[{ answer: 'answer-1' }], [{ answer: 'answer-2' }], [{ answer: 'answer-3' }]]);
    // The pool's one connection on the embedded database; some connection on PostgreSQL.
    const { rows } = await database.pool.query<{ name: string }>(
      `SELECT name FROM pg_prepared_statements WHERE name = 'test:probe'`,
    );
    if (database.kind === 'pglite') expect(rows).toHaveLength(1);
  });

  it('answers the registered text through node-postgres callbacks too (pool.query)', async () => {
    const text = probe(0).compile(database.db).sql;
    await executePrepared(database.db, 'test:probe', probe(4).compile(database.db));
    const { rows } = await database.pool.query<{ answer: string }>(text, [5]);
    expect(rows).toEqual([{ answer: 'answer-5' }]);
  });

  it('refuses a second text under a name already taken', async () => {
    const other = sql<{ answer: string }>`SELECT 'other' AS answer`.compile(database.db);
    await expect(executePrepared(database.db, 'test:probe', other)).rejects.toThrow('second text');
  });

  it('leaves statements nobody registered unnamed', async () => {
    const before = await preparedNames();
    await sql`SELECT 'not registered' AS answer`.execute(database.db);
    expect(await preparedNames()).toEqual(before);
  });
});
