import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../app';
import { bearer, createMember } from '../testing/builders';
import { type RegisteredRoute, routeRecorder } from '../testing/route-recorder';
import { createTestApp, type TestApp } from '../testing/test-app';

/** NUL (PostgreSQL cannot store it), a bidi override and a zero-width space (a person cannot see them). */
const hostileCharacters = { NUL: '\u0000', 'bidi override': '\u202E', 'zero-width space': '\u200B' };

/** The field names of a request schema: an object's, through optional, default and pipe wrappers. */
function fieldsOf(schema: unknown): string[] {
  const def = (schema as z.ZodType | undefined)?._zod.def as
    | { type: string; shape?: Record<string, unknown>; innerType?: unknown; in?: unknown; options?: unknown[] }
    | undefined;
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'pipe') return fieldsOf(def.in);
  if (def.innerType) return fieldsOf(def.innerType);
  if (def.options) return [...new Set(def.options.flatMap(fieldsOf))];
  return [];
}

const pathParameters = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
const withParameters = (url: string, value: (name: string) => string) =>
  url.replace(/:(\w+)/g, (_, name: string) => value(name));
const anyId = '00000000-0000-4000-8000-000000000001';

/**
 * The attack run's hostile text, sent to every route the app registers (found by registration,
 * not listed by hand): in each query parameter, path parameter and body field its schema
 * declares, each refused with 400 VALIDATION_ERROR, never a 500. A route added later is walked too.
 */
describe('control and invisible characters in every input of every route', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let routes: RegisteredRoute[];
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const recorder = routeRecorder();
    app = await buildApp({ config: t.config, db: t.database.db, logger: false, onRoute: recorder.onRoute });
    await app.ready();
    routes = recorder.routesWithInput();
    // An administrator may call every route, so each reaches its validation.
    headers = bearer(app.context.sessionTokens.sign((await createMember(t.database.db, { isAdmin: true })).id));
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  interface Answer {
    input: string;
    status: number;
    errorCode: string | undefined;
    /** Whether the answer names the field and its unsafe characters (not merely some other error). */
    namesTheField: boolean;
  }

  async function send(route: RegisteredRoute, url: string, payload: unknown, field: string): Promise<Answer> {
    const response = await app.inject({ method: route.method as 'GET', url, headers, payload: payload as object });
    const json = String(response.headers['content-type']).startsWith('application/json') ? response.json() : {};
    const errors: { field: string; message: string }[] = json.data?.errors ?? [];
    return {
      input: `${route.method} ${route.url} ${field}`,
      status: response.statusCode,
      errorCode: json.errorCode,
      namesTheField: errors.some(
        (error) => error.field === field && error.message.endsWith('must not contain control or invisible characters'),
      ),
    };
  }

  const refused = (answers: Answer[]) =>
    answers.map(({ input }) => ({ input, status: 400, errorCode: 'VALIDATION_ERROR', namesTheField: true }));

  it('covers the routes that take input', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.filter((route) => route.schema.querystring).length).toBeGreaterThan(8);
  });

  it.each(Object.entries(hostileCharacters))('refuses %s in every query parameter', async (_, character) => {
    const answers = [];
    for (const route of routes) {
      const url = withParameters(route.url, () => anyId);
      for (const field of fieldsOf(route.schema.querystring)) {
        const query = `${field}=${encodeURIComponent(`a${character}b`)}`;
        answers.push(await send(route, `${url}?${query}`, route.method === 'GET' ? undefined : {}, field));
      }
    }
    expect(answers.length).toBeGreaterThan(20);
    expect(answers).toEqual(refused(answers));
  });

  it.each(Object.entries(hostileCharacters))('refuses %s in every path parameter', async (_, character) => {
    const answers = [];
    for (const route of routes) {
      for (const parameter of pathParameters(route.url)) {
        const url = withParameters(route.url, (name) =>
          name === parameter ? encodeURIComponent(`${anyId}${character}`) : anyId,
        );
        answers.push(await send(route, url, route.method === 'GET' ? undefined : {}, parameter));
      }
    }
    expect(answers.length).toBeGreaterThan(5);
    expect(answers).toEqual(refused(answers));
  });

  it.each(Object.entries(hostileCharacters))('refuses %s in every body field', async (_, character) => {
    const answers = [];
    for (const route of routes) {
      const url = withParameters(route.url, () => anyId);
      for (const field of fieldsOf(route.schema.body)) {
        answers.push(await send(route, url, { [field]: `a${character}b` }, field));
      }
    }
    expect(answers.length).toBeGreaterThan(20);
    expect(answers).toEqual(refused(answers));
  });

  it('refuses NUL in a query parameter no route declares, or at least never fails on it', async () => {
    const answers = [];
    for (const route of routes) {
      const url = `${withParameters(route.url, () => anyId)}?unexpected=%00`;
      answers.push(await send(route, url, route.method === 'GET' ? undefined : {}, 'unexpected'));
    }
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  });
});
