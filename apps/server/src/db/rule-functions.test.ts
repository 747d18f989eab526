import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './database';
import { memberIsCopying } from './functions/member-is-copying';
import { ruleFunctionBody } from './functions/rule-function';
import { migrateToLatest } from './migrator';
import { applyRuleFunctions, ruleFunctions } from './rule-functions';

/** What the database runs of each rule function: its body, by name (one function a name). */
async function storedBodies(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const { rows } = await sql<{ name: string; body: string }>`
    SELECT proname AS name, prosrc AS body FROM pg_proc
     WHERE proname = ANY (${ruleFunctions.map((one) => one.name)}::text[])`.execute(handle.db);
  const bodies: Record<string, string[]> = {};
  for (const row of rows) bodies[row.name] = [...(bodies[row.name] ?? []), row.body];
  return bodies;
}

const fileBodies = () => Object.fromEntries(ruleFunctions.map((one) => [one.name, [ruleFunctionBody(one)]]));

describe('rule functions: a fresh database runs the text of db/functions/', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('holds each file’s text', async () => {
    expect(await storedBodies(database)).toEqual(fileBodies());
  });

  it('a start with no migration to run puts back a function changed by hand', async () => {
    await sql`
      CREATE OR REPLACE FUNCTION member_is_copying(member_id uuid) RETURNS boolean
      LANGUAGE sql STABLE AS $$ SELECT false $$`.execute(database.db);
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect((await storedBodies(database)).member_is_copying).toEqual([ruleFunctionBody(memberIsCopying)]);
  });

  it('processes applying them at once take turns instead of failing', async () => {
    const { db } = database;
    await Promise.all([applyRuleFunctions(db), applyRuleFunctions(db), applyRuleFunctions(db)]);
    expect(await storedBodies(database)).toEqual(fileBodies());
  });

  it('the trigger functions moved out of the migrations still hold their rules', async () => {
    await expect(sql`UPDATE ledger_accounts SET credits_posted = 0`.execute(database.db)).rejects.toThrow(
      'ledger account totals change only through ledger entries',
    );
    expect(ruleFunctions.map((one) => one.name)).toEqual(
      expect.arrayContaining(['rewards_state_only', 'ledger_accounts_guard', 'user_counts_follow']),
    );
  });
});

describe('rule functions: a database migrated from an old schema', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ migrateUpToName: '0030-rewards' });
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  it('holds each file’s text, not the last migration’s', async () => {
    expect(await storedBodies(database)).toEqual(fileBodies());
  });
});
