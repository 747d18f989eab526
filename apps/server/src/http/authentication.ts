import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import { accountDisabled, accountLocked, forbidden, unauthorized } from './domain-error';
import type { SessionTokens } from './session-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded once by `authenticate`. */
    currentUser: UserRow;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * `authenticate` accepts a valid bearer token of an existing user whose account is ACTIVE;
 * `requireAdmin` additionally needs `isAdmin`. Both are preHandlers routes opt into.
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
    const user = await db.selectFrom('users').selectAll().where('id', '=', claims.sub).executeTakeFirst();
    if (!user || user.session_version !== claims.sessionVersion) throw unauthorized('Invalid or expired token');
    if (user.status === 'LOCKED') throw accountLocked();
    if (user.status === 'DISABLED') throw accountDisabled();
    request.currentUser = user;
  }

  app.decorate('authenticate', authenticate);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await authenticate(request);
    if (!request.currentUser.is_admin) throw forbidden();
  });
}
