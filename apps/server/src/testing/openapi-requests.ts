import Ajv, { type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/**
 * The API as its OpenAPI document describes it (GET /api/docs/json), for the tests that walk every
 * operation: requests generated from its schemas with fast-check, and answers checked against what
 * it declares. Nothing here knows a route by name, so a route added later is walked as well.
 */

type JsonSchema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** One operation of the document: `GET /api/withdrawals/{id}` and what it declares. */
export interface DocumentedOperation {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  path: string;
  name: string;
  /** A bearer session is part of its security: a signed-in route. */
  signedIn: boolean;
  pathParameters: string[];
  operation: Operation;
}

/** A request of an operation, as generated: its path parameters, query and JSON body. */
export interface OperationRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body, or `raw` text sent as JSON (a body that is not JSON at all). */
  body?: { json: unknown } | { raw: string };
}

const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;

export async function openApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (answer.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${answer.statusCode}`);
  return answer.json();
}

export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      return [
        {
          method: method.toUpperCase() as DocumentedOperation['method'],
          path,
          name: `${method.toUpperCase()} ${path}`,
          signedIn: (operation.security ?? []).some((requirement) => 'bearer' in requirement),
          pathParameters: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
          operation,
        },
      ];
    }),
  );
}

/** The URL of a request: its path parameters encoded into the path, its query after it. */
export function urlOf(operation: DocumentedOperation, request: Pick<OperationRequest, 'params' | 'query'>): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(request.params[name] ?? ''),
  );
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}

/** The inject options of a request: method, URL, body (JSON, or raw text sent as JSON) and headers. */
export function injected(operation: DocumentedOperation, request: OperationRequest, headers: Record<string, string>) {
  const body = request.body;
  return {
    method: operation.method,
    url: urlOf(operation, request),
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    payload: body === undefined ? undefined : 'raw' in body ? body.raw : JSON.stringify(body.json),
  };
}

function resolved(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = document.components.schemas[name];
  if (!target) throw new Error(`unknown schema ${schema.$ref}`);
  return resolved(document, target);
}

/** Values a schema refuses, or that sit at its edges: what a careless or hostile client sends. */
const strayValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('', ' ', 'abc', '-1', '0', '1e309', 'NaN', 'Infinity', '0x10', '１２３', '12.345.6', 'null', 'true'),
  fc.string({ maxLength: 30 }),
  fc.string({ minLength: 300, maxLength: 400 }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => fitsLength(schema, text));
    } catch {
      // A pattern fast-check cannot generate from (lookarounds): any text, mostly refused.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) });
}

const fitsLength = (schema: JsonSchema, text: string) =>
  text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
  const high = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.maximum;
  if (integer) return fc.integer({ min: Math.ceil(low ?? -1_000_000), max: Math.floor(high ?? 1_000_000) });
  return fc.double({ min: low ?? -1_000_000, max: high ?? 1_000_000, noNaN: true, noDefaultInfinity: true });
}

/**
 * A value of `schema`: one it accepts, or with `stray` sometimes one it refuses (at any depth: a
 * wrong type, a missing or an extra field, text where a number goes).
 */
function schemaValues(document: OpenApiDocument, given: JsonSchema, stray: boolean): fc.Arbitrary<unknown> {
  const schema = resolved(document, given);
  const valid = validValueOf(document, schema, stray);
  const nullable = schema.nullable ? fc.option(valid, { nil: null, freq: 8 }) : valid;
  return stray ? fc.oneof({ arbitrary: nullable, weight: 4 }, { arbitrary: strayValue, weight: 1 }) : nullable;
}

function validValueOf(document: OpenApiDocument, schema: JsonSchema, stray: boolean): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => schemaValues(document, alternative, stray)));
  if (schema.allOf)
    return schemaValues(document, Object.assign({}, ...schema.allOf.map((part) => resolved(document, part))), stray);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return fc.oneof(numberOf(schema, true), numberOf(schema, false));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schemaValues(document, schema.items ?? {}, stray), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          schemaValues(document, property, stray),
        ]),
      );
      const record = fc.record(properties, { requiredKeys: stray ? [] : (schema.required ?? []) });
      if (!stray) return record;
      return fc
        .tuple(record, fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), strayValue)))
        .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A query or path value is text: a generated number, boolean or object as the client would write it. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * A path parameter's value. The fixed segments of the document's paths are left out: `export` in
 * `GET /withdrawals/{id}` is another route (`GET /withdrawals/export`), not an id; so are the
 * dot segments a URL resolves away, and the empty string, which no parameter matches.
 */
function pathValueOf(document: OpenApiDocument, parameter: Parameter, stray: boolean): fc.Arbitrary<string> {
  const fixed = new Set(Object.keys(document.paths).flatMap((path) => path.split('/')));
  const value = fc.oneof(
    fc.uuid(),
    schemaValues(document, parameter.schema, stray).map(asText),
    ...(stray ? [fc.string({ minLength: 1, maxLength: 120 })] : []),
  );
  return value.filter((text) => text !== '' && text !== '.' && text !== '..' && !fixed.has(text));
}

/** Requests of `operation` generated from its schemas: valid mostly, and with `stray` off the schema sometimes. */
export function requestsOf(
  document: OpenApiDocument,
  operation: DocumentedOperation,
  options: { stray: boolean },
): fc.Arbitrary<OperationRequest> {
  const parameters = operation.operation.parameters ?? [];
  const params = fc.record(
    Object.fromEntries(
      parameters
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => [parameter.name, pathValueOf(document, parameter, options.stray)]),
    ),
  );
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const query = fc.record(
    Object.fromEntries(
      queryParameters.map((parameter) => [
        parameter.name,
        schemaValues(document, parameter.schema, options.stray).map(asText),
      ]),
    ),
    { requiredKeys: options.stray ? [] : queryParameters.filter((p) => p.required).map((p) => p.name) },
  );
  const schema = operation.operation.requestBody?.content['application/json']?.schema;
  const json = schema ? schemaValues(document, schema, options.stray) : fc.constant(undefined);
  const body: fc.Arbitrary<OperationRequest['body']> = options.stray
    ? fc.oneof(
        { arbitrary: json.map((value) => (value === undefined ? undefined : { json: value })), weight: 5 },
        { arbitrary: fc.string({ maxLength: 20 }).map((raw) => ({ raw: `{${raw}` })), weight: 1 },
      )
    : json.map((value) => (value === undefined ? undefined : { json: value }));
  return fc.record({ params, query, body }, { requiredKeys: ['params', 'query'] }) as fc.Arbitrary<OperationRequest>;
}

/** One request of `operation` with every value valid (the first fast-check would make). */
export function validRequestOf(document: OpenApiDocument, operation: DocumentedOperation): OperationRequest {
  return fc.sample(requestsOf(document, operation, { stray: false }), { numRuns: 1, seed: 32 })[0] as OperationRequest;
}

/**
 * Checks answers against the document as a strict OpenAPI 3.0 reader does (Ajv, which honours
 * `nullable` but not as a way around an `enum`).
 */
export function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...withNumericBounds(structuredClone(document)), $id: 'openapi' });
  const compiled = new Map<string, ValidateFunction>();
  return {
    /** What is wrong with an answer of `operation`: its status undeclared, or its JSON body off the schema; null when it is declared. */
    problemOf(
      operation: DocumentedOperation,
      answer: { statusCode: number; headers: Record<string, unknown>; body: string },
    ): string | null {
      const status = String(answer.statusCode);
      const range = `${status[0]}XX`;
      const declared = operation.operation.responses[status]
        ? status
        : operation.operation.responses[range]
          ? range
          : null;
      if (!declared) return `${operation.name} answered ${status}, which it does not declare`;
      const isJson = String(answer.headers['content-type'] ?? '').startsWith('application/json');
      const schema = operation.operation.responses[declared]?.content?.['application/json']?.schema;
      if (!isJson || !schema) return null;
      const pointer = `openapi#/paths/${operation.path.replaceAll('~', '~0').replaceAll('/', '~1')}/${operation.method.toLowerCase()}/responses/${declared}/content/application~1json/schema`;
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: pointer });
        compiled.set(pointer, validate);
      }
      if (validate(JSON.parse(answer.body))) return null;
      return `${operation.name} answered ${status} with a body off its declared schema: ${ajv.errorsText(validate.errors)} (${answer.body.slice(0, 300)})`;
    },
  };
}

/**
 * OpenAPI 3.0 writes an exclusive bound as `minimum: 0, exclusiveMinimum: true` (JSON Schema
 * draft 4); Ajv reads later drafts, where the bound is the number itself.
 */
function withNumericBounds<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) withNumericBounds(item);
  } else if (typeof node === 'object' && node !== null) {
    const schema = node as JsonSchema & Record<string, unknown>;
    for (const [flag, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof schema[flag] === 'boolean') {
        if (schema[flag]) schema[flag] = schema[bound];
        else delete schema[flag];
        if (typeof schema[flag] === 'number') delete schema[bound];
      }
    }
    for (const value of Object.values(node)) withNumericBounds(value);
  }
  return node;
}
