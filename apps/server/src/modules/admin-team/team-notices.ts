import type { Kysely } from 'kysely';
import type { Config } from '../../config/load-config';
import type { Database } from '../../db/schema';
import { findUserById } from '../accounts/account-repository';
import { enqueueMails } from '../mail/mail-outbox-repository';
import { teamChangeMail } from './admin-team-mails';
import { findOwnerAddresses } from './admin-team-repository';

/** Tells every active owner of a team change; run it in the change's transaction, after the change. */
export async function tellOwners(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl'>,
  change: string,
): Promise<void> {
  const owners = await findOwnerAddresses(db);
  await enqueueMails(
    db,
    owners.map((owner) => ({
      to: owner.email,
      content: teamChangeMail({ firstName: owner.first_name }, change, config.publicUrl),
    })),
  );
}

/** Tells every active owner what the owner `ownerId` did: `deed` follows their name. */
export async function tellOwnersOfOwnerDeed(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl'>,
  ownerId: string,
  deed: string,
): Promise<void> {
  const actor = await findUserById(db, ownerId);
  await tellOwners(db, config, `${actor ? fullName(actor) : 'An owner'} ${deed}`);
}

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`;
