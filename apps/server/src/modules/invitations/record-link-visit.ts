import { accountMessages } from '@uplink/contract/accounts';
import type { LinkVisit } from '@uplink/contract/invitations';
import { isbot } from 'isbot';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../domain-error';
import { findSponsorByReferralCode } from '../referrals/sponsor-by-code';
import { countLinkVisit } from './invitations-repository';
import type { VisitorKeys } from './visitor-keys';

export interface LinkVisitRequest {
  referralCode: string;
  /** As resolved behind the trusted proxies (`request.ip`); hashed, never stored. */
  clientAddress: string;
  userAgent: string | undefined;
}

/** The UTC day of a moment, `YYYY-MM-DD`: the day visits are counted in. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A visit of a member's `/ref/` link: says who invited the visitor (a first name, as a sponsor may
 * be shown publicly) and counts the visitor once a day. @rule LINK_VISIT_COUNTED: a visitor is
 * their daily keyed hash, never their address; a user agent that says it is a bot (the `isbot`
 * list), or none at all, is not counted.
 */
export async function recordLinkVisit(
  deps: Pick<AppContext, 'db' | 'clock'>,
  keys: VisitorKeys,
  visit: LinkVisitRequest,
): Promise<LinkVisit> {
  const inviter = await findSponsorByReferralCode(deps.db, visit.referralCode);
  if (!inviter) throw new DomainError('INVALID_REFERRAL_CODE', accountMessages.invalidReferralCode);
  if (visit.userAgent && !isbot(visit.userAgent)) {
    const day = utcDay(deps.clock.now());
    const visitorKey = await keys.visitorOf({ day, clientAddress: visit.clientAddress, userAgent: visit.userAgent });
    await countLinkVisit(deps.db, { sponsorId: inviter.id, day, visitorKey });
  }
  return { referralCode: inviter.referral_code, inviterFirstName: inviter.first_name };
}
