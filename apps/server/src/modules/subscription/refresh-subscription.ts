import type { SubscriptionFee } from '@uplink/contract/accounts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { SubscriptionConfig } from '../../config/subscription-config';
import type { Database, UserRow } from '../../db/schema';
import { ServiceUnavailableError } from '../../domain-error';
import type { DepositScanner } from './deposit-scanner';
import { findSubscriptionColumns } from './subscription-repository';
import { subscriptionStatus } from './subscription-status';

export interface RefreshSubscriptionDependencies {
  db: Kysely<Database>;
  /** Null when no chain is configured. */
  scanner: DepositScanner | null;
  subscription: SubscriptionConfig;
  clock: Clock;
}

/**
 * Scans the member's deposit address now (the job covers everyone anyway, a member should not
 * have to wait for it) and answers the subscription as it stands afterwards.
 */
export async function refreshSubscription(
  deps: RefreshSubscriptionDependencies,
  member: UserRow,
): Promise<SubscriptionFee> {
  if (!deps.scanner) throw new ServiceUnavailableError('Deposit scanning is not configured');
  try {
    await deps.scanner.scanMember(member.id);
  } catch (error) {
    throw new ServiceUnavailableError('The BSC network is not reachable right now. Please try again.', {
      cause: error,
    });
  }
  const refreshed = (await findSubscriptionColumns(deps.db, member.id)) ?? member;
  return subscriptionStatus(deps.db, refreshed, deps.subscription, deps.clock.now());
}
