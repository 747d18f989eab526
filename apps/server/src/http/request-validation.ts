import { safeRequestText } from '@uplink/contract/safe-text';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

/** The parts of a request a handler reads: each is held to the text rule before its own schema. */
const requestParts = new Set(['body', 'querystring', 'params']);

/**
 * The app's validator compiler: zod's, with the contract's text rule (`safeRequestText`) in front
 * of the query, path parameter and body schema of every route. A string anywhere in them that
 * holds a control or invisible character is answered 400 VALIDATION_ERROR naming its field, before
 * the route's schema runs — so no route, now or added later, can forget the rule, and no such
 * character reaches a handler or the database (where a NUL fails the statement).
 */
export const requestValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (!route.httpPart || !requestParts.has(route.httpPart)) return validate;
  const refuseUnsafeText = validatorCompiler({ ...route, schema: safeRequestText });
  return (data) => {
    const refused = refuseUnsafeText(data);
    return typeof refused === 'object' && 'error' in refused && refused.error ? refused : validate(data);
  };
};
