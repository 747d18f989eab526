import type { RiskRule } from '@uplink/contract/risk';
import type { Kysely } from 'kysely';
import type { RiskConfig } from '../../config/risk-config';
import type { Database } from '../../db/schema';
import { type ClusterFinding, lockCluster, recordFinding } from './risk-events-repository';
import {
  circularFundsFinding,
  clientAddressBurstFinding,
  disposableEmailFinding,
  emailAliasFinding,
  findWithdrawalsTo,
  sharedFundingWalletFinding,
  sharedWithdrawalWalletFinding,
  sponsorBurstFinding,
} from './risk-findings';

/**
 * The rules, evaluated in the transaction that writes the data they read (registration,
 * subscription credit, withdrawal creation), each under its cluster's lock and in this fixed
 * order, so concurrent writers of one cluster add to one event.
 */

type Db = Kysely<Database>;

async function evaluate(
  trx: Db,
  rule: RiskRule,
  clusterKey: string,
  find: () => Promise<ClusterFinding | null>,
  now: Date,
): Promise<void> {
  await lockCluster(trx, rule, clusterKey);
  const finding = await find();
  if (finding) await recordFinding(trx, finding, now);
}

export interface RegisteredMember {
  id: string;
  email: string;
  normalizedEmail: string;
  sponsorId: string | null;
  registeredAt: Date;
  /** As resolved behind the trusted proxies; null when unknown (a backfilled member). */
  clientAddress: string | null;
}

/** A registration: EMAIL_ALIAS, REGISTRATION_BURST (sponsor, then client address), DISPOSABLE_EMAIL. */
export async function evaluateRegistration(
  trx: Db,
  config: RiskConfig,
  member: RegisteredMember,
  now: Date,
): Promise<void> {
  await evaluate(trx, 'EMAIL_ALIAS', member.normalizedEmail, () => emailAliasFinding(trx, member.normalizedEmail), now);
  const { sponsorId, clientAddress } = member;
  if (sponsorId) {
    await evaluate(
      trx,
      'REGISTRATION_BURST',
      `sponsor:${sponsorId}`,
      () => sponsorBurstFinding(trx, config, sponsorId, member.registeredAt),
      now,
    );
  }
  if (clientAddress) {
    await evaluate(
      trx,
      'REGISTRATION_BURST',
      `client:${clientAddress}`,
      () => clientAddressBurstFinding(trx, config, clientAddress, member.registeredAt),
      now,
    );
  }
  // One member's own cluster, which no other write touches: no lock to take.
  const disposable = await disposableEmailFinding(trx, member);
  if (disposable) await recordFinding(trx, disposable, now);
}

/** A subscription credited from these senders: SHARED_FUNDING_WALLET, then CIRCULAR_FUNDS, per sender. */
export async function evaluateSubscriptionPayment(
  trx: Db,
  config: RiskConfig,
  senders: readonly string[],
  now: Date,
): Promise<void> {
  for (const sender of [...new Set(senders.map((address) => address.toLowerCase()))].sort()) {
    await evaluate(trx, 'SHARED_FUNDING_WALLET', sender, () => sharedFundingWalletFinding(trx, config, sender), now);
    await evaluate(
      trx,
      'CIRCULAR_FUNDS',
      sender,
      async () => circularFundsFinding(trx, config, sender, await findWithdrawalsTo(trx, sender)),
      now,
    );
  }
}

/**
 * A withdrawal to this address: SHARED_WITHDRAWAL_WALLET, then CIRCULAR_FUNDS. Both judge the
 * address's withdrawals: their locks first, in that order, then the one read both findings share.
 */
export async function evaluateWithdrawal(trx: Db, config: RiskConfig, walletAddress: string, now: Date): Promise<void> {
  const address = walletAddress.toLowerCase();
  await lockCluster(trx, 'SHARED_WITHDRAWAL_WALLET', address);
  await lockCluster(trx, 'CIRCULAR_FUNDS', address);
  const withdrawals = await findWithdrawalsTo(trx, address);
  const shared = sharedWithdrawalWalletFinding(config, address, withdrawals);
  if (shared) await recordFinding(trx, shared, now);
  const circular = await circularFundsFinding(trx, config, address, withdrawals);
  if (circular) await recordFinding(trx, circular, now);
}
