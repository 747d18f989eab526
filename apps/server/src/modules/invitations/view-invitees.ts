import type { Invitees, inviteesQuerySchema } from '@uplink/contract/invitations';
import { pageOf } from '@uplink/contract/paging';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pageWindow } from '../../db/list-page';
import { countInvitees, findInviteePage, findRemindersOfLastDay } from './invitations-repository';
import { inviteeRecord } from './invitee-record';

/** A page of the member's level-1 invitees, newest first, each with their stage, since when and what they need. */
export async function viewInvitees(
  deps: Pick<AppContext, 'db' | 'config' | 'clock'>,
  memberId: string,
  query: z.output<typeof inviteesQuerySchema>,
): Promise<Invitees> {
  const now = deps.clock.now();
  const [rows, total, lastDay] = await Promise.all([
    findInviteePage(deps.db, memberId, query.stage, pageWindow(query)),
    countInvitees(deps.db, memberId, query.stage),
    findRemindersOfLastDay(deps.db, memberId, now),
  ]);
  const settings = { fee: deps.config.subscription.fee, minimumBalance: deps.config.exchange.minimumBalance };
  return {
    invitees: rows.map((row) => inviteeRecord(row, settings, lastDay, now)),
    pagination: pageOf(query.page, query.limit, total),
  };
}
