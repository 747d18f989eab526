import type { Kysely } from 'kysely';
import type { RiskConfig } from '../../config/risk-config';
import type { Database } from '../../db/schema';
import { type ClusterFinding, lockClusters, type RuleCluster, recordFinding } from './risk-events-repository';
import {
  circularFundsFinding,
  clientAddressBurstFinding,
  disposableEmailFinding,
  emailAliasFinding,
  findAttemptsTo,
  findWithdrawalsTo,
  sharedFundingWalletFinding,
  sharedWithdrawalWalletFinding,
  sponsorBurstFinding,
  taggedAliasFinding,
  taggedAliasKey,
} from './risk-findings';
import { insertWithdrawalAttempt } from './risk-signals-repository';

/**
 * The rules, evaluated in the transaction that writes the data they read (registration,
 * subscription credit, withdrawal creation), each under its cluster's lock, the locks taken in this
 * fixed order, so concurrent writers of one cluster add to one event.
 */

type Db = Kysely<Database>;

/** A rule over a cluster and what it finds there, read once the cluster's lock is held. */
interface RuleEvaluation extends RuleCluster {
  find: () => Promise<ClusterFinding | null>;
}

/** Locks every evaluation's cluster (one statement, in their order), then finds and records each in turn. */
async function evaluate(trx: Db, evaluations: readonly RuleEvaluation[], now: Date): Promise<void> {
  await lockClusters(trx, evaluations);
  for (const { find } of evaluations) {
    const finding = await find();
    if (finding) await recordFinding(trx, finding, now);
  }
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

/**
 * A registration: EMAIL_ALIAS (one mailbox at high, then a `+tag` apart at medium),
 * REGISTRATION_BURST (sponsor, then client address), DISPOSABLE_EMAIL.
 */
export async function evaluateRegistration(
  trx: Db,
  config: RiskConfig,
  member: RegisteredMember,
  now: Date,
): Promise<void> {
  const { normalizedEmail, sponsorId, clientAddress, registeredAt } = member;
  const evaluations: RuleEvaluation[] = [
    { rule: 'EMAIL_ALIAS', clusterKey: normalizedEmail, find: () => emailAliasFinding(trx, normalizedEmail) },
    {
      rule: 'EMAIL_ALIAS',
      clusterKey: taggedAliasKey(normalizedEmail),
      find: () => taggedAliasFinding(trx, normalizedEmail),
    },
  ];
  if (sponsorId) {
    evaluations.push({
      rule: 'REGISTRATION_BURST',
      clusterKey: `sponsor:${sponsorId}`,
      find: () => sponsorBurstFinding(trx, config, sponsorId, registeredAt),
    });
  }
  if (clientAddress) {
    evaluations.push({
      rule: 'REGISTRATION_BURST',
      clusterKey: `client:${clientAddress}`,
      find: () => clientAddressBurstFinding(trx, config, clientAddress, registeredAt),
    });
  }
  await evaluate(trx, evaluations, now);
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
  const ordered = [...new Set(senders.map((address) => address.toLowerCase()))].sort();
  await evaluate(
    trx,
    ordered.flatMap((sender): RuleEvaluation[] => [
      {
        rule: 'SHARED_FUNDING_WALLET',
        clusterKey: sender,
        find: () => sharedFundingWalletFinding(trx, config, sender),
      },
      {
        rule: 'CIRCULAR_FUNDS',
        clusterKey: sender,
        find: async () => circularFundsFinding(trx, config, sender, await findWithdrawalsTo(trx, sender)),
      },
    ]),
    now,
  );
}

/**
 * A withdrawal to this address: SHARED_WITHDRAWAL_WALLET, then CIRCULAR_FUNDS. Both judge the
 * address's withdrawals: their locks first, in that order, then the one read both findings share.
 */
export async function evaluateWithdrawal(trx: Db, config: RiskConfig, walletAddress: string, now: Date): Promise<void> {
  const address = walletAddress.toLowerCase();
  await lockAddressRules(trx, address);
  await evaluateAddressRules(trx, config, address, now);
}

/**
 * A withdrawal refused at request time because its address had received payouts for another
 * account: kept as the member's act at the address, then the address rules evaluated as for a
 * withdrawal — the member who tried joins the cluster by their own later act, and is held.
 */
export async function evaluateRefusedWithdrawal(
  trx: Db,
  config: RiskConfig,
  attempt: { memberId: string; walletAddress: string },
  now: Date,
): Promise<void> {
  const address = attempt.walletAddress.toLowerCase();
  await lockAddressRules(trx, address);
  await insertWithdrawalAttempt(trx, { memberId: attempt.memberId, address, at: now });
  await evaluateAddressRules(trx, config, address, now);
}

const lockAddressRules = (trx: Db, address: string) =>
  lockClusters(trx, [
    { rule: 'SHARED_WITHDRAWAL_WALLET', clusterKey: address },
    { rule: 'CIRCULAR_FUNDS', clusterKey: address },
  ]);

async function evaluateAddressRules(trx: Db, config: RiskConfig, address: string, now: Date): Promise<void> {
  const withdrawals = await findWithdrawalsTo(trx, address);
  const shared = sharedWithdrawalWalletFinding(config, address, withdrawals, await findAttemptsTo(trx, address));
  if (shared) await recordFinding(trx, shared, now);
  const circular = await circularFundsFinding(trx, config, address, withdrawals);
  if (circular) await recordFinding(trx, circular, now);
}
