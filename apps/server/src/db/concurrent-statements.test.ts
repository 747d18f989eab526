import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangDeadlineMs, settlesBeforeHang } from '../testing/hang-deadline';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './database';

const probeRows = 200;

/**
 * Statements straight through `openDatabase` (no HTTP), fired all at once: PGlite behind its
 * socket is one backend session, and more than one connection onto it used to return one
 * statement's rows to another (electric-sql/pglite#1046).
 */
describe('many statements at once on one database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`CREATE TABLE probe (id integer PRIMARY KEY, answer text NOT NULL)`.execute(database.db);
    await sql`CREATE TABLE probe_writes (id serial PRIMARY KEY, label text NOT NULL UNIQUE)`.execute(database.db);
    await sql`INSERT INTO probe SELECT g, 'answer-' || g FROM generate_series(1, ${probeRows}) g`.execute(database.db);
  });
  afterAll(() => database?.close());

  it(
    'answers every SELECT with its own row while inserts and transactions run beside it',
    async () => {
      const { db } = database;
      const selectOwnRow = async (id: number) => {
        const { rows } = await sql<{ answer: string }>`SELECT answer FROM probe WHERE id = ${id}`.execute(db);
        return { asked: `answer-${id}`, got: rows.map((row) => row.answer) };
      };
      const insertLabel = async (label: string) => {
        const { rows } = await sql<{ label: string }>`
        INSERT INTO probe_writes (label) VALUES (${label}) RETURNING label`.execute(db);
        return { asked: label, got: rows.map((row) => row.label) };
      };
      const transactionReadsItsOwnWrite = (label: string) =>
        db.transaction().execute(async (trx) => {
          await sql`INSERT INTO probe_writes (label) VALUES (${label})`.execute(trx);
          const { rows } = await sql<{ label: string }>`
          SELECT label FROM probe_writes WHERE label = ${label}`.execute(trx);
          return { asked: label, got: rows.map((row) => row.label) };
        });

      const statements: { what: string; run: () => Promise<{ asked: string; got: string[] }> }[] = [];
      for (let id = 1; id <= probeRows; id += 1) {
        statements.push({ what: `SELECT id ${id}`, run: () => selectOwnRow(id) });
        if (id % 4 === 0) statements.push({ what: `INSERT ${id}`, run: () => insertLabel(`insert-${id}`) });
        if (id % 4 === 2) {
          statements.push({ what: `transaction ${id}`, run: () => transactionReadsItsOwnWrite(`transaction-${id}`) });
        }
      }
      expect(statements.length).toBeGreaterThanOrEqual(300);

      const outcomes = await Promise.allSettled(
        statements.map((statement) => settlesBeforeHang(statement.run(), statement.what)),
      );
      const wrong = outcomes.flatMap((outcome, index) => {
        const what = statements[index]?.what;
        if (outcome.status === 'rejected') return [`${what}: ${String(outcome.reason)}`];
        const { asked, got } = outcome.value;
        return got.length === 1 && got[0] === asked ? [] : [`${what}: asked ${asked}, got ${JSON.stringify(got)}`];
      });
      expect(wrong).toEqual([]);

      const { rows } = await sql<{ writes: number }>`SELECT count(*)::int AS writes FROM probe_writes`.execute(db);
      expect(rows[0]?.writes).toBe(statements.length - probeRows);
    },
    hangDeadlineMs + 60_000,
  );
});
