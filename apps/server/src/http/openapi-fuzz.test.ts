import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember } from '../testing/builders';
import { type DemoChainApp, startDemoChainApp } from '../testing/demo-chain-app';
import {
  answerChecker,
  type DocumentedOperation,
  injected,
  type OpenApiDocument,
  openApiDocument,
  operationsOf,
  requestsOf,
} from '../testing/openapi-requests';
import type { TestApp } from '../testing/test-app';

/** Requests per operation: every route of the document, bounded so the whole fuzz stays within a minute or two. */
const casesPerOperation = 40;

/**
 * A fuzz of the whole API from its OpenAPI document: for each operation, requests generated from
 * its schemas (path parameters, query and body; valid values mostly, values the schemas refuse
 * sometimes, at any depth, and bodies that are not JSON), sent without a session or as a member
 * or an administrator. No answer may be a server error, and each must be one the operation
 * declares. A failure names the operation and the smallest request fast-check found. The app runs
 * in local mode on the demo chain, so that every operation, the chain's and the dev tools'
 * included, does its work instead of answering that a service is missing.
 */
describe('a fuzz of every operation of the OpenAPI document', () => {
  let chainApp: DemoChainApp;
  let t: TestApp;
  let document: OpenApiDocument;
  let checker: ReturnType<typeof answerChecker>;
  beforeAll(async () => {
    chainApp = await startDemoChainApp({ confirmations: 1 });
    t = chainApp.t;
    document = await openApiDocument(t.app);
    checker = answerChecker(document);
  });
  afterAll(() => chainApp?.close());

  /** Fresh callers for each operation, so one operation's fuzz (a lockout, say) leaves the next one's callers as they were. */
  async function callersFor(operation: DocumentedOperation): Promise<Record<string, string>[]> {
    const sign = (id: string) => t.app.context.sessionTokens.sign(id);
    const member = bearer(await sign((await createMember(t.database.db)).id));
    if (!operation.signedIn) return [{}, member];
    const administrator = bearer(await sign((await createMember(t.database.db, { isAdmin: true })).id));
    return [member, administrator, {}];
  }

  it('answers no request with a server error, and each with a status the operation declares', async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const operation of operations) {
      const callers = await callersFor(operation);
      try {
        await fc.assert(
          fc.asyncProperty(
            requestsOf(document, operation, { stray: true }),
            fc.constantFrom(...callers),
            async (request, headers) => {
              const answer = await t.app.inject(injected(operation, request, headers));
              expect(answer.statusCode, answer.body).toBeLessThan(500);
              expect(checker.problemOf(operation, answer)).toBeNull();
            },
          ),
          { numRuns: casesPerOperation },
        );
      } catch (error) {
        failures.push(`${operation.name}: ${(error as Error).message.slice(0, 1500)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
