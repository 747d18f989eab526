import { can, type Permission, permissions, roleRefusal } from '@uplink/contract/admin-roles';
import { errorTexts } from '@uplink/contract/error-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { accountDisabled, accountLocked, DomainError, forbidden, unauthorized } from '../domain-error';
import { type CallerCredentials, type CallerView, callerAccount, callerCredentials } from './caller-view';
import { apiDocsPrefix } from './http-plugins';
import type { SessionTokens } from './session-tokens';

/**
 * Who may call a route, declared once on it (`config: { access }`): `member` needs a signed-in
 * ACTIVE account, `{ permission }` an active administrator whose role holds that permission in the
 * contract's `rolePermissions`, `public` nothing. Every API route declares one.
 */
export type RouteAccess = 'public' | 'member' | AdminAccess;

export interface AdminAccess {
  permission: Permission;
}

/** The permission of an administrator's own second factor: how one gets it, so it never waits for it. */
const ownSecondFactor: Permission = 'own-totp.manage';

/**
 * What else an admin route asks of its caller once their role permits it (the production rule that
 * every administrator signs in with a second factor), passed in by the composition so that http
 * does not import the module that keeps second factors.
 */
export type AdminGate = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** What the route reads about its caller along with the session check (see `CallerView`). */
    caller?: CallerView<CallerCredentials>;
  }
  interface FastifyInstance {
    /**
     * A member route's session check, for a public route that also serves a signed-in caller: the
     * caller's whole row (`callerAccount.of(request)`).
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A route's access guard accepts a valid bearer token of an existing user whose account is
 * ACTIVE (and, for an admin route, an active administrator whose role holds its permission). It runs as the route's first onRequest hook —
 * before its body is parsed or validated, and before its preHandlers (a per-member rate limit
 * counts the verified member); an API route that declares no access is refused when it registers,
 * so none can be left open by omission.
 *
 * The caller's row is read on every call, in the statement of the route's caller view, so a
 * LOCKED, DISABLED or deleted account, or a changed password or second factor, loses every open
 * session at its next call, each with its own code (the web app ends the session on either).
 * Every change but a deletion's is also a new session version, so a session it ended stays
 * ended when the account is ACTIVE again. Every answer of a signed-in call is `no-store`.
 */
export function registerAuthentication(
  app: FastifyInstance,
  db: Kysely<Database>,
  tokens: SessionTokens,
  adminGate: AdminGate,
): void {
  app.decorateRequest('currentUser', null as unknown as CallerCredentials);
  app.decorateRequest('callerView', null);

  function guard(view: CallerView<CallerCredentials>, permission: Permission | null): Guard {
    return async (request, reply) => {
      // What a session reads is the caller's own: no browser or proxy cache may keep it, and a
      // refusal is not kept either (the next call may carry a valid session).
      reply.header('cache-control', 'no-store');
      const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) throw unauthorized();
      const claims = tokens.verify(match[1]);
      if (!claims) throw unauthorized('Invalid or expired token');
      const caller = await view.read(db, claims.sub);
      if (!caller || caller.deleted_at) throw unauthorized('Invalid or expired token');
      // The status first: a LOCKED or DISABLED status also ended the sessions (a new session
      // version), and their holder is told why, as the owner is at sign-in.
      if (caller.status === 'LOCKED') throw accountLocked();
      if (caller.status === 'DISABLED') throw accountDisabled();
      // A suspension is also a new session version; a suspended administrator is told why.
      if (caller.admin_status === 'SUSPENDED') throw new DomainError('ADMIN_SUSPENDED', errorTexts.ADMIN_SUSPENDED);
      if (caller.session_version !== claims.sessionVersion) throw unauthorized('Invalid or expired token');
      if (permission !== null) {
        if (!caller.is_admin || !caller.admin_role) throw forbidden();
        // It names the roles that can: a screen offers only what the role allows, so this is
        // mostly a role changed meanwhile, and the administrator learns whom to ask.
        if (!can(caller.admin_role, permission)) throw forbidden(roleRefusal(permission));
      }
      request.currentUser = caller;
      request.callerView = view;
      if (permission !== null && permission !== ownSecondFactor) await adminGate(request);
    };
  }

  app.decorate('authenticate', guard(callerAccount, null));
  app.addHook('onRoute', (route) => guardByAccess(route, guard));
}

function guardByAccess(
  route: RouteOptions,
  guard: (view: CallerView<CallerCredentials>, permission: Permission | null) => Guard,
): void {
  const access = route.config?.access;
  if (access === undefined) {
    if (isApiRoute(route.url)) throw new Error(`${route.method} ${route.url} declares no access`);
    return;
  }
  if (access === 'public') return;
  const permission = access === 'member' ? null : declaredPermission(route, access);
  // onRequest: before the body is read or validated, so a caller without access learns nothing
  // about the route's input and cannot make the server read a large body.
  const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
  route.onRequest = [guard(route.config?.caller ?? callerCredentials, permission), ...own];
}

/** An admin route's permission, which must be one of the contract's: anything else is refused at registration. */
function declaredPermission(route: RouteOptions, access: AdminAccess): Permission {
  const permission: unknown = access?.permission;
  if (typeof permission !== 'string' || !(permissions as readonly string[]).includes(permission)) {
    throw new Error(`${route.method} ${route.url} declares no permission of the contract`);
  }
  return permission as Permission;
}

/** API routes, which must declare their access; the documentation's own routes are public. */
export function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(apiDocsPrefix);
}
