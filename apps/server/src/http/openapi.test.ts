import { readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
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
const redoclyConfig = path.resolve(import.meta.dirname, '../../../../redocly.yaml');

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

  it("passes Redocly's recommended rules (redocly.yaml) without an error or a warning", async () => {
    const config = await loadConfig({ configPath: redoclyConfig });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config });
    const found = problems.map(
      (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
    );
    expect(found).toEqual([]);
    // Each rule turned off says why, on the line above it.
    const lines = readFileSync(redoclyConfig, 'utf8').split('\n');
    const offWithoutReason = lines.filter(
      (line, index) => /:\s*off\s*$/.test(line) && !lines[index - 1]?.trim().startsWith('#'),
    );
    expect(offWithoutReason).toEqual([]);
  });

  it('lists null in every nullable enum, as strict OpenAPI 3.0 readers need (errorCode of every success)', () => {
    const nullableEnums: unknown[][] = [];
    JSON.stringify(document, (_key, value) => {
      if (value?.nullable === true && Array.isArray(value.enum)) nullableEnums.push(value.enum);
      return value;
    });
    expect(nullableEnums.length).toBeGreaterThan(10);
    expect(nullableEnums.filter((values) => !values.includes(null))).toEqual([]);
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
    const memberWithdrawals = operations.find(([name]) => name === 'GET /api/withdrawals/admin/user/{userId}')?.[1];
    expect(Object.keys(memberWithdrawals?.responses ?? {})).toContain('404');
    const adminList = operations.find(([name]) => name === 'GET /api/users/admin/all')?.[1];
    expect(Object.keys(adminList?.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '403']));
  });

  it('declares 404 for every path with a parameter: the resource it names may not exist', () => {
    const withParameter = operations.filter(([name]) => name.includes('{'));
    expect(withParameter.length).toBeGreaterThan(10);
    const without404 = withParameter.filter(([, operation]) => !('404' in operation.responses)).map(([name]) => name);
    expect(without404).toEqual([]);
  });
});
