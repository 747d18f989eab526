import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember } from '../testing/builders';
import {
  answerChecker,
  type DocumentedOperation,
  injected,
  type OpenApiDocument,
  type OperationRequest,
  openApiDocument,
  operationsOf,
  validRequestOf,
} from '../testing/openapi-requests';
import { createTestApp, type TestApp } from '../testing/test-app';

type Caller = 'no token' | 'member' | 'administrator' | 'LOCKED member';

/**
 * Walks the OpenAPI document (not a list of routes: a route added later is walked too) and asks
 * each operation what a client may meet: an unknown id, an id over the router's limit, no token,
 * a caller of the wrong role or a locked one. Every answer's status must be one the operation
 * declares, and its body must match the declared schema as a strict OpenAPI 3.0 reader reads it.
 */
describe('every answer of every operation is declared, with its body', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let operations: DocumentedOperation[];
  let checker: ReturnType<typeof answerChecker>;
  const tokens = {} as Record<Exclude<Caller, 'no token'>, string>;

  beforeAll(async () => {
    t = await createTestApp();
    document = await openApiDocument(t.app);
    operations = operationsOf(document);
    checker = answerChecker(document);
    const sign = (id: string) => t.app.context.sessionTokens.sign(id);
    tokens.member = await sign((await createMember(t.database.db)).id);
    tokens.administrator = await sign((await createMember(t.database.db, { isAdmin: true })).id);
    tokens['LOCKED member'] = await sign((await createMember(t.database.db, { status: 'LOCKED' })).id);
  });
  afterAll(() => t?.close());

  /** Sends `request` as each of `callers` and returns what is wrong with the answers. */
  async function problemsOf(operation: DocumentedOperation, request: OperationRequest, callers: Caller[]) {
    const problems: string[] = [];
    for (const caller of callers) {
      const headers = caller === 'no token' ? {} : bearer(tokens[caller]);
      const answer = await t.app.inject(injected(operation, request, headers));
      const problem = checker.problemOf(operation, answer);
      if (problem) problems.push(`as ${caller}: ${problem}`);
    }
    return problems;
  }

  const signedInCallers = (operation: DocumentedOperation): Caller[] =>
    operation.signedIn ? ['member', 'administrator'] : ['no token'];
  const withParams = (value: string) => (operation: DocumentedOperation) => ({
    ...validRequestOf(document, operation),
    params: Object.fromEntries(operation.pathParameters.map((name) => [name, value])),
  });

  it('walks the whole API', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((operation) => operation.pathParameters.length > 0).length).toBeGreaterThan(12);
  });

  it('declares what an unknown id answers, to every caller', async () => {
    const problems: string[] = [];
    const statuses = new Set<number>();
    for (const operation of operations.filter((candidate) => candidate.pathParameters.length > 0)) {
      problems.push(...(await problemsOf(operation, withParams(randomUUID())(operation), signedInCallers(operation))));
      if (operation.path.includes('{id}')) {
        const answer = await t.app.inject(
          injected(operation, withParams(randomUUID())(operation), bearer(tokens.administrator)),
        );
        statuses.add(answer.statusCode);
      }
    }
    expect(problems).toEqual([]);
    // What an {id} names and is not there is not found (or, for a body refused first, invalid).
    expect([...statuses].filter((status) => status !== 404 && status !== 400)).toEqual([]);
  });

  it('declares what an overlong id answers: 414', async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.pathParameters.length > 0)) {
      const request = withParams('x'.repeat(101))(operation);
      problems.push(...(await problemsOf(operation, request, signedInCallers(operation))));
      const answer = await t.app.inject(injected(operation, request, {}));
      if (answer.statusCode !== 414) problems.push(`${operation.name} answered ${answer.statusCode} to an overlong id`);
    }
    expect(problems).toEqual([]);
  });

  it('declares what a signed-in operation answers without a token: 401', async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.signedIn)) {
      const request = validRequestOf(document, operation);
      problems.push(...(await problemsOf(operation, request, ['no token'])));
      const answer = await t.app.inject(injected(operation, request, {}));
      if (answer.statusCode !== 401) problems.push(`${operation.name} answered ${answer.statusCode} without a token`);
    }
    expect(problems).toEqual([]);
  });

  it('declares what a caller of the wrong role, or a locked one, answers', async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.signedIn)) {
      const request = validRequestOf(document, operation);
      problems.push(...(await problemsOf(operation, request, ['member', 'administrator', 'LOCKED member'])));
    }
    expect(problems).toEqual([]);
  });
});
