import { STATUS_CODES } from 'node:http';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { errorEnvelopeSchema } from '@uplink/contract/envelope';
import { referralTreeNodeSchema } from '@uplink/contract/referrals';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Schemas the document names as components instead of writing them out where they are used:
 * the recursive referral-tree node, which cannot be written out, and the error envelope that
 * every operation answers its failures with.
 */
const namedSchemas = z.registry<{ id: string }>();
namedSchemas.add(referralTreeNodeSchema, { id: 'ReferralTreeNode' });
namedSchemas.add(errorEnvelopeSchema, { id: 'ErrorEnvelope' });

const zodToJsonConfig = { target: 'openapi-3.0' } as const;
const zodTransform = createJsonSchemaTransform({ schemaRegistry: namedSchemas, zodToJsonConfig });

type TransformInput = Parameters<typeof zodTransform>[0] & { route: RouteOptions };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a CSV file (not the JSON envelope): what the file holds, for the document. */
    csvDownload?: string;
    /** The route answers a file in one of these media types (which one, the request says): what it holds. */
    fileDownload?: { description: string; mediaTypes: readonly string[] };
    /**
     * The failures of a route that answers a file or text, beyond those its declaration implies
     * (see `errorResponsesOf`): response schemas would type its success as the JSON envelope.
     */
    failures?: readonly number[];
  }
}

/** A download's success: the file, in each media type it may come as. */
const fileSuccess = (description: string, mediaTypes: readonly string[]) => ({
  200: {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  },
});

/** A CSV download's success: the file, as text/csv. */
const csvSuccess = (description: string) => fileSuccess(description, ['text/csv']);

function downloadSuccess(route: RouteOptions): Record<string, unknown> | undefined {
  const { csvDownload, fileDownload } = route.config ?? {};
  if (csvDownload) return csvSuccess(csvDownload);
  if (fileDownload) return fileSuccess(fileDownload.description, fileDownload.mediaTypes);
  return undefined;
}
type TransformedSchema = Record<string, unknown> & { response?: Record<string, unknown> };

const errorEnvelope = (description: string) => ({ $ref: '#/components/schemas/ErrorEnvelope', description });

/** The methods whose requests carry a body Fastify reads, whether or not the route declares one. */
const methodsWithBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every failure a route can answer that follows from what it declares, so that a route gets them
 * without listing them (a route added later included):
 * - input (a query, path parameters or a body): 400 VALIDATION_ERROR;
 * - a method with a body: 400 for a body that is not JSON, 413 over the body limit, 415 for a
 *   content type no parser reads;
 * - a path parameter (`{id}`, `{userId}`: the resource the path names): 414 over the router's
 *   100 characters, 404 when there is none, or none of the caller's;
 * - any access but `public` (a signed-in route): 401 without a valid session, 403 for a disabled
 *   account (and, beyond `member`, for a caller whose role may not use it), 423 for a locked one;
 * - a rate limit: 429;
 * - any route: 5XX.
 * The failures of a route's own use case (a 409 of a state that refuses it, say) it declares in
 * its response schemas (`errorEnvelopeSchema`).
 */
function errorResponsesOf(route: RouteOptions, method: string, defaultBodyLimit: number): Record<string, unknown> {
  const { access, rateLimit } = route.config ?? {};
  const schema = route.schema ?? {};
  const withBody = methodsWithBody.has(method);
  const hasParams = route.url.includes('/:');
  const signedIn = access !== 'public';
  const responses: Record<string, unknown> = {};
  if (schema.body || schema.querystring || schema.params || withBody) {
    const invalid = ['VALIDATION_ERROR: the request does not match this operation (data.errors lists the fields)'];
    if (withBody) invalid.push('BAD_REQUEST: the body is not valid JSON');
    if (hasParams) invalid.push('BAD_REQUEST: a path parameter is not a valid URL component');
    responses[400] = errorEnvelope(invalid.join('; '));
  }
  if (signedIn) {
    responses[401] = errorEnvelope(
      'UNAUTHORIZED: no valid session (missing, expired or ended bearer token); ADMIN_SUSPENDED: the caller is a suspended administrator',
    );
    responses[403] = errorEnvelope(
      access === 'member'
        ? 'ACCOUNT_DISABLED: the account is disabled, or the errorCode names what the operation needs first'
        : `FORBIDDEN: the caller is not an administrator whose role holds the permission ${access?.permission}; ADMIN_TOTP_REQUIRED: in production, the administrator has not turned on two-factor sign-in; ACCOUNT_DISABLED: the account is disabled; or the errorCode names what the operation needs first`,
    );
  }
  if (hasParams) {
    responses[404] = errorEnvelope(
      'Not found: nothing has this id, or nothing the caller may see (the errorCode names what)',
    );
  }
  if (withBody) {
    const limit = route.bodyLimit ?? defaultBodyLimit;
    responses[413] = errorEnvelope(`PAYLOAD_TOO_LARGE: the body is over ${limit} bytes`);
  }
  if (hasParams) responses[414] = errorEnvelope('BAD_REQUEST: a path parameter is over 100 characters');
  if (withBody)
    responses[415] = errorEnvelope(
      'BAD_REQUEST: the body has a content type this operation does not read (send application/json)',
    );
  if (signedIn) responses[423] = errorEnvelope('ACCOUNT_LOCKED: the account is locked');
  if (rateLimit) responses[429] = errorEnvelope('RATE_LIMITED: too many requests, retry after Retry-After seconds');
  responses['5XX'] = errorEnvelope(
    'INTERNAL_SERVER_ERROR (500), or SERVICE_UNAVAILABLE (503, with Retry-After when the database is busy) while something the request needs is down or the server is stopping; an exchange refusal names itself (EXCHANGE_UNAVAILABLE, EXCHANGE_STATEMENT_EMPTY)',
  );
  return responses;
}

/**
 * A failure the route declares itself, beside those `errorResponsesOf` derives: the error
 * envelope, described by its status (the errorCode and the operation's description say which).
 */
function ownFailure(status: string): unknown {
  return errorEnvelope(
    `${STATUS_CODES[status] ?? 'Failure'}: the errorCode says why (see the operation's description)`,
  );
}

/** `GET /api/users/admin/:id` → `getUsersAdminById`: unique, since a method and a path name one route. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_.]/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

/**
 * Each route's zod schemas as OpenAPI, completed from what the route declares: its security
 * from its access (public operations `security: []`, the others the bearer session), its error
 * answers, and an operationId.
 */
function transform(input: TransformInput, defaultBodyLimit: number) {
  const { schema, url } = zodTransform(input) as { schema: TransformedSchema; url: string };
  if (!schema || schema.hide) return { schema, url };
  const { route } = input;
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  const derived = errorResponsesOf(route, method, defaultBodyLimit);
  const declared = {
    ...schema.response,
    ...Object.fromEntries((route.config?.failures ?? []).map((status) => [status, null])),
  };
  const own = Object.fromEntries(
    Object.entries(declared).map(([status, response]) =>
      /^[45]/.test(status) ? [status, derived[status] ?? ownFailure(status)] : [status, response],
    ),
  );
  return {
    url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, route.url),
      security: route.config?.access === 'public' ? [] : [{ bearer: [] }],
      response: { ...derived, ...(downloadSuccess(route) ?? successOf(schema.response)), ...own },
    },
  };
}

/**
 * An operation documents at least one success. One whose answer has no schema (the metrics'
 * text format) gets a 200 without a body schema; its description says what it sends.
 */
function successOf(response: Record<string, unknown> = {}): Record<string, unknown> {
  const documented = Object.keys(response).some((status) => status.startsWith('2'));
  return documented ? {} : { 200: { type: 'null', description: 'Success: see the operation description' } };
}

const createTransformObject = createJsonSchemaTransformObject({ schemaRegistry: namedSchemas, zodToJsonConfig });

/**
 * The document with the named components. The registry yields an input and an output variant of
 * each; a variant no operation refers to is left out.
 */
function transformObject(input: Parameters<typeof createTransformObject>[0]) {
  const document = createTransformObject(input) as { components: { schemas: Record<string, unknown> } };
  nullableEnumsListNull(document);
  const { schemas, ...otherComponents } = document.components;
  const rest = JSON.stringify({ ...document, components: otherComponents });
  const used = Object.entries(schemas).filter(
    ([name]) =>
      rest.includes(`"#/components/schemas/${name}"`) ||
      Object.entries(schemas).some(
        ([other, schema]) => other !== name && JSON.stringify(schema).includes(`"#/components/schemas/${name}"`),
      ),
  );
  return { ...document, components: { ...document.components, schemas: Object.fromEntries(used) } };
}

/**
 * OpenAPI 3.0 (3.0.3 made it explicit): `nullable` does not add null to an `enum`, so a strict
 * reader refuses `errorCode: null` of every success unless the enum lists null itself. Every
 * nullable enum of the document lists it.
 */
function nullableEnumsListNull(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableEnumsListNull(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { nullable?: boolean; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(node)) nullableEnumsListNull(value);
}

/** The OpenAPI 3.0 document of every API route, served as JSON and YAML under /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  const options: FastifyDynamicSwaggerOptions = {
    openapi: {
      info: {
        title: 'Uplink API',
        version: '1.0.0',
        description:
          'Invite-only referral network API. Every answer is the envelope `{ success, message, data, error, errorCode }`.',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: ((input: TransformInput) =>
      transform(input, app.initialConfig.bodyLimit ?? 1_048_576)) as FastifyDynamicSwaggerOptions['transform'],
    transformObject: transformObject as FastifyDynamicSwaggerOptions['transformObject'],
  };
  await app.register(swagger, options);
}
