import type { RouteOptions } from 'fastify';
import { isApiRoute } from '../http/authentication';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's declared access (`config.access`). */
  access: string | undefined;
}

/** The routes of one app as Fastify registers them: pass `onRoute` to `buildApp`. */
export function routeRecorder() {
  const routes: RegisteredRoute[] = [];
  return {
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({ method, url: route.url, access: route.config?.access });
      }
    },
    apiRoutes: () => routes.filter((route) => isApiRoute(route.url)),
  };
}
