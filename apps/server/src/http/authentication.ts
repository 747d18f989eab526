import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import { findUserById } from '../modules/accounts/account-repository';
import { accountDisabled, accountLocked, forbidden, unauthorized } from './domain-error';
import { apiDocsPrefix } from './http-plugins';
import type { SessionTokens } from './session-tokens';

/**
 * Who may call a route, declared once on it (`config: { access }`): `member` needs a signed-in
 * ACTIVE account, `admin` an administrator's, `public` nothing. Every API route declares one.
 */
export type RouteAccess = 'public' | 'member' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded once by `authenticate`. */
    currentUser: UserRow;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * `authenticate` accepts a valid bearer token of an existing user whose account is ACTIVE;
 * `requireAdmin` additionally needs `isAdmin`. A route gets the one its `access` names as its first
 * onRequest hook — before its body is parsed or validated, and before its preHandlers (a
 * per-member rate limit counts the verified member); an API route that declares no access is
 * refused when it registers, so none can be left open by omission.
 *
 * The account status is read on every call, so a LOCKED or DISABLED account loses every open
 * session at once, each with its own code (the web app ends the session on either).
 */
export function registerAuthentication(app: FastifyInstance, db: Kysely<Database>, tokens: SessionTokens): void {
  app.decorateRequest('currentUser', null as unknown as UserRow);

  async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthorized();
    const claims = await tokens.verify(match[1]);
    if (!claims) throw unauthorized('Invalid or expired token');
    const user = await findUserById(db, claims.sub);
    if (!user || user.session_version !== claims.sessionVersion) throw unauthorized('Invalid or expired token');
    if (user.status === 'LOCKED') throw accountLocked();
    if (user.status === 'DISABLED') throw accountDisabled();
    request.currentUser = user;
  }

  async function requireAdmin(request: FastifyRequest): Promise<void> {
    await authenticate(request);
    if (!request.currentUser.is_admin) throw forbidden();
  }

  app.decorate('authenticate', authenticate);
  app.addHook('onRoute', (route) => guardByAccess(route, { member: authenticate, admin: requireAdmin }));
}

type Guard = (request: FastifyRequest) => Promise<void>;

function guardByAccess(route: RouteOptions, guards: Record<Exclude<RouteAccess, 'public'>, Guard>): void {
  const access = route.config?.access;
  if (access === undefined) {
    if (isApiRoute(route.url)) throw new Error(`${route.method} ${route.url} declares no access`);
    return;
  }
  if (access === 'public') return;
  // onRequest: before the body is read or validated, so a caller without access learns nothing
  // about the route's input and cannot make the server read a large body.
  const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
  route.onRequest = [guards[access], ...own];
}

/** API routes, which must declare their access; the documentation's own routes are public. */
export function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(apiDocsPrefix);
}
