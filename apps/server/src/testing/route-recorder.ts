import type { Permission } from '@uplink/contract/admin-roles';
import type { FastifySchema, RouteOptions } from 'fastify';
import { isApiRoute, type RouteAccess } from '../http/authentication';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The kind of the route's declared access (`config.access`): an admin route's is its permission. */
  access: 'public' | 'member' | 'admin' | undefined;
  /** An admin route's permission. */
  permission: Permission | undefined;
  /** The route's request schemas (zod), as declared. */
  schema: Pick<FastifySchema, 'querystring' | 'params' | 'body'>;
}

/** The routes of one app as Fastify registers them: pass `onRoute` to `buildApp`. */
export function routeRecorder() {
  const routes: RegisteredRoute[] = [];
  return {
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const { querystring, params, body } = route.schema ?? {};
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({
          method,
          url: route.url,
          ...accessOf(route.config?.access),
          schema: { querystring, params, body },
        });
      }
    },
    apiRoutes: () => routes.filter((route) => isApiRoute(route.url)),
    /** Every route with a request schema of its own: the API's and the dev mailbox page's. */
    routesWithInput: () => routes.filter(({ schema }) => schema.querystring || schema.params || schema.body),
  };
}

function accessOf(access: RouteAccess | undefined): Pick<RegisteredRoute, 'access' | 'permission'> {
  if (access === undefined || typeof access === 'string') return { access, permission: undefined };
  return { access: 'admin', permission: access.permission };
}
