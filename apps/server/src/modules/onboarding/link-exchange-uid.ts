import { errorTexts } from '@uplink/contract/error-codes';
import { onboardingMessages } from '@uplink/contract/onboarding';
import { Decimal } from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { type ExchangeGateway, ExchangeUnavailableError } from '../exchange/exchange-gateway';
import { hasPaidSubscription } from '../subscription/subscription-status';
import { findUidHolder, linkUidOnce, reserveUidCheck } from './onboarding-repository';

export interface LinkExchangeUidDependencies {
  db: Kysely<Database>;
  exchange: ExchangeGateway;
  /** USDT the exchange account must hold. */
  minimumBalance: string;
  /** UIDs a member may have checked per day. */
  uidChecksPerDay: number;
  clock: Clock;
}

/**
 * Links a BingX UID to the member, once. Order: the member's own UID (set once), a paid
 * subscription (onboarding's first step), the day's budget of UID checks (each answer tells
 * something about someone's exchange account, so nobody may probe UIDs at will), another
 * member's UID (a quick read saves an exchange call, but the UNIQUE constraint on the write
 * decides, so two members racing for one UID cannot both win), then the exchange's verdict.
 * Nothing is written unless every check passes, so an exchange outage never leaves a
 * half-linked account.
 * @rule EXCHANGE_UID_LINKED_ONCE
 * @rule ONE_ACCOUNT_PER_EXCHANGE_UID
 * @rule LINK_NEEDS_PAID_SUBSCRIPTION
 * @rule LINK_NEEDS_EXCHANGE_BALANCE
 */
export async function linkExchangeUid(deps: LinkExchangeUidDependencies, member: UserRow, uid: string) {
  if (member.bingx_uid) throw alreadySet();
  if (!hasPaidSubscription(member, deps.clock.now())) {
    throw new DomainError('SUBSCRIPTION_NOT_PAID', onboardingMessages.subscriptionNotPaid);
  }
  if (!(await reserveUidCheck(deps.db, member.id, deps.uidChecksPerDay, deps.clock.now()))) {
    throw new DomainError('RATE_LIMITED', onboardingMessages.tooManyUidChecks);
  }
  const holder = await findUidHolder(deps.db, uid);
  if (holder) throw holder.id === member.id ? alreadySet() : alreadyExists();

  const check = await askExchange(deps.exchange, uid);
  if (!check.invited) {
    throw new DomainError('BINGX_UID_INELIGIBLE', 'This BingX UID was not registered through our invitation link');
  }
  if (!check.kycComplete) {
    throw new DomainError('BINGX_UID_INCOMPLETE_KYC', errorTexts.BINGX_UID_INCOMPLETE_KYC);
  }
  if (new Decimal(check.balanceUsdt).lt(deps.minimumBalance)) {
    throw new DomainError(
      'BINGX_UID_INSUFFICIENT_DEPOSIT',
      `The BingX account holds less than the minimum balance of ${deps.minimumBalance} USDT`,
    );
  }

  const outcome = await linkUidOnce(
    deps.db,
    member.id,
    { uid, kycComplete: check.kycComplete, balanceUsdt: check.balanceUsdt },
    deps.clock.now(),
  );
  if (outcome === 'member-already-linked') throw alreadySet();
  if (outcome === 'uid-taken') throw alreadyExists();
  return { bingXUID: uid, message: onboardingMessages.linkSucceeded };
}

async function askExchange(exchange: ExchangeGateway, uid: string) {
  try {
    return await exchange.checkInvitee(uid);
  } catch (error) {
    if (error instanceof ExchangeUnavailableError) {
      throw new DomainError('EXCHANGE_UNAVAILABLE', 'BingX is not answering right now. Please try again in a minute.');
    }
    throw error;
  }
}

const alreadySet = () =>
  new DomainError('BINGX_UID_ALREADY_SET', 'A BingX UID is already linked to your account and cannot be changed');
const alreadyExists = () =>
  new DomainError('BINGX_UID_ALREADY_EXISTS', 'This BingX UID is already linked to another account');
