import type { InviteeStage } from '@uplink/contract/invitations';
import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../db/schema';
import { followInviteeStages } from '../modules/invitations/invitee-stages-job';
import { addMember, linkedMemberColumns, receivedSubscriptionTransfer, uniqueUid } from './builders';
import { recordDistributedRun } from './reward-cycle-builders';

/** The invitation funnel's test data: invitees at each stage, a distributed cycle's statement. */

const paidColumns = (): Partial<NewUser> => ({
  subscription_paid_at: new Date(),
  subscription_period_ends_at: new Date(Date.now() + 365 * 86_400_000),
  subscription_amount: '10',
});

/** A transfer toward the member's subscription, as the deposit scanner stores one (not yet used for a period). */
export const transferToward = (db: Kysely<Database>, member: UserRow, amount: string): Promise<void> =>
  receivedSubscriptionTransfer(db, member, new Date(), undefined, amount);

/** The columns that put a new invitee at `stage` (EARNING also needs `distributeStatement`). */
function columnsAt(stage: InviteeStage): Partial<NewUser> {
  switch (stage) {
    case 'REGISTERED':
      return { is_email_verified: false };
    case 'EMAIL_VERIFIED':
    case 'PARTLY_PAID':
      return {};
    case 'SUBSCRIPTION_PAID':
      return paidColumns();
    case 'UID_LINKED':
      return { ...linkedMemberColumns(uniqueUid(), '40'), bingx_kyc: true };
    case 'ELIGIBLE':
    case 'EARNING':
      return { ...linkedMemberColumns(uniqueUid(), '250'), bingx_kyc: true };
  }
}

/** An invitee of `sponsor` whose facts put them at `stage` (EARNING: copying in the cycle `distributeStatement` runs). */
export async function inviteeAt(
  db: Kysely<Database>,
  sponsor: UserRow,
  stage: InviteeStage,
  columns: Partial<NewUser> = {},
): Promise<UserRow> {
  const invitee = await addMember(db, sponsor, { ...columnsAt(stage), ...columns });
  if (stage === 'PARTLY_PAID') await transferToward(db, invitee, '4');
  return invitee;
}

/**
 * A distributed cycle whose statement has `copiers` paying the master trader, then the
 * invitee-stages job that takes it in (who is earning now).
 */
export async function distributeStatement(
  db: Kysely<Database>,
  cycle: number,
  copiers: readonly UserRow[],
  now = new Date(),
): Promise<void> {
  await recordDistributedRun(db, cycle, now, copiers.length);
  if (copiers.length > 0) {
    await db
      .insertInto('reward_statement_entries')
      .values(
        copiers.map((copier) => ({
          cycle,
          copier_id: copier.id,
          bingx_uid: copier.bingx_uid ?? '0',
          master_amount: '120',
          copier_compliant: true,
        })),
      )
      .execute();
  }
  await followInviteeStages(db, now);
}
