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

/**
 * The failures every operation can answer, by what the route declares: a route with input
 * refuses it with VALIDATION_ERROR, a signed-in route without a valid session, an admin route a
 * member, a rate-limited route a burst; any route can meet an outage. A route that documents a
 * status itself keeps its own.
 */
function errorResponsesOf(route: RouteOptions): Record<string, unknown> {
  const { access, rateLimit } = route.config ?? {};
  const schema = route.schema ?? {};
  return {
    ...(schema.body || schema.querystring || schema.params
      ? {
          400: errorEnvelope(
            'VALIDATION_ERROR: the request does not match this operation (data.errors lists the fields)',
          ),
        }
      : {}),
    ...(access === 'member' || access === 'admin'
      ? { 401: errorEnvelope('UNAUTHORIZED: no valid session (missing, expired or ended bearer token)') }
      : {}),
    ...(access === 'admin' ? { 403: errorEnvelope('FORBIDDEN: the caller is not an administrator') } : {}),
    ...(rateLimit ? { 429: errorEnvelope('RATE_LIMITED: too many requests, retry after Retry-After seconds') } : {}),
    '5XX': errorEnvelope(
      'INTERNAL_SERVER_ERROR, or SERVICE_UNAVAILABLE (503, with Retry-After) while a dependency is down',
    ),
  };
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
function transform(input: TransformInput) {
  const { schema, url } = zodTransform(input) as { schema: TransformedSchema; url: string };
  if (!schema || schema.hide) return { schema, url };
  const { route } = input;
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  return {
    url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, route.url),
      security: route.config?.access === 'public' ? [] : [{ bearer: [] }],
      response: {
        ...errorResponsesOf(route),
        ...(downloadSuccess(route) ?? successOf(schema.response)),
        ...schema.response,
      },
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
    transform: transform as FastifyDynamicSwaggerOptions['transform'],
    transformObject: transformObject as FastifyDynamicSwaggerOptions['transformObject'],
  };
  await app.register(swagger, options);
}
