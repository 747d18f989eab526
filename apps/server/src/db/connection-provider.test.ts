import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { NestedConnectionError } from './connection-provider';
import type { DatabaseHandle } from './database';

describe('a task that holds a database connection', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`CREATE TABLE guarded (label text PRIMARY KEY)`.execute(database.db);
  });
  afterAll(() => database?.close());

  it('is refused a second one at once (the root handle inside a transaction), and its transaction rolls back', async () => {
    const { db } = database;
    const misuse = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO guarded VALUES ('written before the mistake')`.execute(trx);
      // With the embedded database's one connection this would wait for itself forever.
      await sql`SELECT 1`.execute(db);
    });
    await expect(misuse).rejects.toBeInstanceOf(NestedConnectionError);
    const { rows } = await sql<{ label: string }>`SELECT label FROM guarded`.execute(db);
    expect(rows).toEqual([]);
  });

  it('is refused inside db.connection() too', async () => {
    const { db } = database;
    const misuse = db.connection().execute(() => sql`SELECT 1`.execute(db));
    await expect(misuse).rejects.toBeInstanceOf(NestedConnectionError);
  });

  it('lets work that started inside a transaction use the root handle once the transaction has ended', async () => {
    const { db } = database;
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    let afterCommit: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO guarded VALUES ('committed')`.execute(trx);
      afterCommit = gate.then(() => sql<{ label: string }>`SELECT label FROM guarded`.execute(db));
    });
    openGate();
    await expect(afterCommit).resolves.toMatchObject({ rows: [{ label: 'committed' }] });
  });
});
