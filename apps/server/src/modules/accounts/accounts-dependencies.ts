import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { SessionTokens } from '../../http/session-tokens';
import type { MailWorker } from '../mail/mail-worker';

/** What the account use cases need: the database, settings, session signing and the mail sender. */
export interface AccountsDependencies {
  db: Kysely<Database>;
  config: Config;
  sessionTokens: SessionTokens;
  mailWorker: MailWorker;
}
