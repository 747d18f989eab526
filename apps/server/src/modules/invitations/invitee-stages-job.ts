import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  findStageBasis,
  forgetVisitorKeys,
  recordStageBasis,
  refreshLinkedInvitees,
  setComplianceLine,
} from './invitations-repository';
import { utcDay } from './record-link-visit';

/** Linked invitees re-decided per transaction, so the embedded database's one connection serves requests between them. */
const chunkSize = 2_000;

export interface InviteeStagesRun {
  refreshed: boolean;
  visitorKeysForgotten: number;
}

/**
 * The invitees' stages move by the triggers of what they are made of, except when a cycle is
 * distributed (who is earning now) or the compliance line changes: then the linked invitees are
 * re-decided, a chunk per transaction, and the basis recorded. Visitor keys of days before
 * yesterday are deleted (their day's key is gone: they could only be counted again).
 */
export async function followInviteeStages(db: Kysely<Database>, now: Date): Promise<InviteeStagesRun> {
  const basis = await findStageBasis(db);
  if (basis.stale) {
    let after: string | null = null;
    do {
      after = await refreshLinkedInvitees(db, after, chunkSize);
    } while (after !== null);
    await recordStageBasis(db, { cycle: basis.latest_cycle, minimumBalance: basis.minimum_balance });
  }
  const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
  return { refreshed: basis.stale, visitorKeysForgotten: await forgetVisitorKeys(db, yesterday) };
}

/** The server's compliance line (MIN_EXCHANGE_BALANCE), written at start: the stages are judged by it. */
export function syncComplianceLine(db: Kysely<Database>, minimumBalance: string): Promise<void> {
  return setComplianceLine(db, minimumBalance);
}
