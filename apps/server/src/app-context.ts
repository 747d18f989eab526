import type { Kysely } from 'kysely';
import type { DepositChain } from './chain/deposit-chain';
import type { Clock } from './clock';
import type { Config } from './config/load-config';
import type { Database } from './db/schema';
import type { SessionTokens } from './http/session-tokens';
import type { ExchangeGateway } from './modules/exchange/exchange-gateway';

/** What every route and job of one app instance shares. Types only: nothing here runs. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  /**
   * Reads that may lag a second behind the last write go here: admin lists, statistics, exports,
   * referral history and tree (a streaming replica when DATABASE_REPLICA_URL is set, else `db`).
   * What a member reads of their own (profile, balance, withdrawals) stays on `db`, so they always
   * see their own last write. Single statements only, never inside a transaction.
   */
  readDb: Kysely<Database>;
  sessionTokens: SessionTokens;
  /** Sends the mail outbox; `wake()` after enqueueing so mail goes out at once. */
  mailWorker: MailWorker;
  integrations: Integrations;
  clock: Clock;
}

/** The mail outbox's sender (modules/mail/mail-worker.ts): what the routes and jobs that enqueue mail ask of it. */
export interface MailWorker {
  /** Asks for a delivery run soon (after an enqueue), without waiting for it. */
  wake(): void;
  /** Runs a delivery now and resolves when it is done (tests, shutdown). */
  runNow(): Promise<boolean>;
  stop(): Promise<void>;
}

/** Outside systems; tests and the demo inject fakes or local nodes, otherwise built from the config. */
export interface Integrations {
  exchangeGateway: ExchangeGateway;
  /** Null when no chain is configured (no BSC_RPC_URL and no demo chain): deposit scanning is off. */
  depositChain: DepositChain | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}
