import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DatabaseUnavailableError } from '../db/connection-provider';
import { DomainError, ServiceUnavailableError } from '../domain-error';
import { failure } from './envelope';
import { errorStatuses } from './error-statuses';

/**
 * The router's own refusals, before any route is found (Fastify's `frameworkErrors`): a path
 * parameter over the router's 100 characters (414) or not a valid URL component (400) is
 * answered with the envelope like everything else, not Fastify's bare JSON.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(failure('BAD_REQUEST', 'A path parameter is too long (at most 100 characters)'));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(failure('BAD_REQUEST', 'The path is not a valid URL'));
  } else {
    reply.log.error({ err: error }, 'the router failed');
    reply.status(500).send(failure('INTERNAL_SERVER_ERROR', 'Internal server error'));
  }
}

/** The one place where every thrown error becomes the envelope `{ success, message, data, error, errorCode }`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const { errors, requiresVerification, data, retryAfterSeconds } = error.extra;
      const body = failure(
        error.code,
        error.message,
        errors || data ? { ...data, ...(errors ? { errors } : {}) } : null,
      );
      if (retryAfterSeconds !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))));
      return reply
        .status(errorStatuses[error.code])
        .send(requiresVerification === undefined ? body : { ...body, requiresVerification });
    }
    if (error instanceof DatabaseUnavailableError) {
      // Every connection stayed busy for DATABASE_WAIT_TIMEOUT_MS: a brief overload, not a fault.
      request.log.warn({ err: error }, 'database busy: request refused');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(failure('SERVICE_UNAVAILABLE', 'The service is busy. Please try again in a moment.'));
    }
    if (error instanceof ServiceUnavailableError) {
      request.log.warn({ err: error }, 'a service the request needs is not answering');
      const { retryAfterSeconds } = error as ServiceUnavailableError;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return reply.status(503).send(failure('SERVICE_UNAVAILABLE', error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(issue.params?.issue ?? ''),
        message: issue.message ?? 'Invalid value',
      }));
      const message = errors.map((entry) => entry.message).join('. ');
      return reply.status(400).send(failure('VALIDATION_ERROR', message, { errors }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract schema');
      return reply.status(500).send(failure('INTERNAL_SERVER_ERROR', 'Internal server error'));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(failure('PAYLOAD_TOO_LARGE', 'Request body is too large'));
    if (status === 429) return reply.status(429).send(failure('RATE_LIMITED', 'Too many requests, please slow down'));
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : error.message;
      return reply.status(status).send(failure('BAD_REQUEST', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('INTERNAL_SERVER_ERROR', 'Internal server error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(failure('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
