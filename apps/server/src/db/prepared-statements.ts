import type { CompiledQuery, Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/**
 * Statements that run on (nearly) every request — the caller lookup of each signed-in call — are
 * named prepared statements: each connection parses and plans them once and afterwards only binds
 * and executes them. Registered by their SQL text, which the pool's clients recognise (see
 * `PreparingClient`); everything else runs as an unnamed statement, as before.
 */
const statementNames = new Map<string, string>();
const statementTexts = new Map<string, string>();

/** Runs `query` as the named prepared statement `name`: one statement text per name, always. */
export async function executePrepared<Row>(
  db: Kysely<Database>,
  name: string,
  query: CompiledQuery<Row>,
): Promise<Row[]> {
  const known = statementTexts.get(name);
  if (known === undefined) {
    statementTexts.set(name, query.sql);
    statementNames.set(query.sql, name);
  } else if (known !== query.sql) {
    throw new Error(`prepared statement ${name} was given a second text`);
  }
  const result = await db.executeQuery(query);
  return result.rows;
}

type QueryArguments = Parameters<pg.Client['query']>;

/**
 * node-postgres' client, which runs a registered statement text under its name. Kysely hands the
 * driver SQL text and values only, so the name is attached here. (Typed as the client it extends:
 * its one `query` forwards pg's overloads unchanged.)
 */
export const PreparingClient = class extends pg.Client {
  // @ts-expect-error: one implementation standing for pg's overloads
  override query(...[config, values, callback]: QueryArguments) {
    const name = typeof config === 'string' ? statementNames.get(config) : undefined;
    if (name === undefined) return super.query(config as never, values as never, callback as never);
    return super.query({ name, text: config as string, values: values as unknown[] }, callback as never);
  }
} as typeof pg.Client;
