import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { operationIdOf } from './openapi';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
type OpenApiDocument = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const methods = ['get', 'put', 'post', 'delete', 'patch'];

describe('the OpenAPI document (GET /api/docs/json)', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let operations: [string, Operation][];
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => methods.includes(method))
        .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]),
    );
  });
  afterAll(() => t?.close());

  it('is valid OpenAPI (swagger-parser resolves and validates every reference)', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('names the server it describes', () => {
    expect(document.servers).toEqual([{ url: t.config.publicUrl }]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('GET', '/api/users/admin/:id')).toBe('getUsersAdminById');
    expect(operationIdOf('POST', '/api/users/login/totp')).toBe('postUsersLoginTotp');
  });

  it("states each operation's security: none for public ones, the bearer session for the others", () => {
    const bySecurity = Object.fromEntries(operations.map(([name, operation]) => [name, operation.security]));
    for (const [name, security] of Object.entries(bySecurity)) {
      expect([[], [{ bearer: [] }]], name).toContainEqual(security);
    }
    for (const name of [
      'GET /api/healthz',
      'POST /api/users/login',
      'POST /api/users/register',
      'GET /api/rewards/plan',
    ]) {
      expect(bySecurity[name], name).toEqual([]);
    }
    for (const name of ['GET /api/users/profile', 'GET /api/users/admin/all', 'POST /api/withdrawals']) {
      expect(bySecurity[name], name).toEqual([{ bearer: [] }]);
    }
  });

  it('documents the error envelope for the failures of every operation', () => {
    const envelopeRef = '#/components/schemas/ErrorEnvelope';
    for (const [name, operation] of operations) {
      const failures = Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status));
      expect(
        failures.map(([status]) => status),
        name,
      ).toContain('5XX');
      for (const [status, response] of failures) {
        expect(response.content?.['application/json']?.schema?.$ref, `${name} ${status}`).toBe(envelopeRef);
      }
    }
    const profile = operations.find(([name]) => name === 'GET /api/users/profile')?.[1];
    expect(Object.keys(profile?.responses ?? {})).toContain('401');
    const adminList = operations.find(([name]) => name === 'GET /api/users/admin/all')?.[1];
    expect(Object.keys(adminList?.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '403']));
  });
});
