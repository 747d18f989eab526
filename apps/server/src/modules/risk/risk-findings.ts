import { toWireMoney } from '@uplink/contract/money';
import { type Kysely, sql } from 'kysely';
import type { RiskConfig } from '../../config/risk-config';
import type { Database } from '../../db/schema';
import { emailDomain, isDisposableDomain, normalizeEmail, untaggedEmail, untaggedEmailSql } from './email-identity';
import type { ClusterFinding } from './risk-events-repository';

/**
 * What each rule finds about one cluster, read by indexed lookups of the signal the cluster
 * shares (a lower-case address, a normalised mailbox, a sponsor or client address within its
 * window): never a scan of the network. Each answers the whole cluster as it stands, or null
 * when the rule does not hold.
 */

/** A cluster's evidence lists at most this many records: enough to judge, bounded for a wallet used widely. */
const evidenceLimit = 500;
/** Members of a SHARED_FUNDING_WALLET from whom it is high severity. */
const highFundingMembers = 4;

const hourMs = 3_600_000;

/**
 * The end of a window that ends at `at`, exclusive: a JavaScript date keeps milliseconds, the
 * database microseconds, so the sign-up read back as `at` may lie up to a millisecond after it.
 */
const windowEnd = (at: Date) => new Date(at.getTime() + 1);

type Db = Kysely<Database>;

/** An address the rules ignore (RISK_IGNORED_ADDRESSES): an exchange's, say, that ties nobody together. */
export const isIgnored = (config: RiskConfig, address: string) => config.ignoredAddresses.includes(address);

/** Accounts as evidence, in the order they joined. */
async function accountsOf(db: Db, memberIds: readonly string[]) {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'normalized_email', 'sponsor_id', 'created_at'])
    .where(sql<boolean>`id = ANY(${[...memberIds]}::uuid[])`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    memberId: row.id,
    email: row.email,
    normalizedEmail: row.normalized_email ?? normalizeEmail(row.email),
    sponsorId: row.sponsor_id,
    registeredAt: row.created_at.toISOString(),
  }));
}

const distinct = (ids: readonly string[]) => [...new Set(ids)];

/**
 * EMAIL_ALIAS: accounts whose e-mail reaches the same mailbox.
 * @rule EMAIL_ALIAS
 */
export async function emailAliasFinding(db: Db, normalizedEmail: string): Promise<ClusterFinding | null> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('normalized_email', '=', normalizedEmail)
    .where('deleted_at', 'is', null)
    .limit(evidenceLimit)
    .execute();
  if (rows.length < 2) return null;
  const accounts = await accountsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rule: 'EMAIL_ALIAS',
    severity: 'HIGH',
    clusterKey: normalizedEmail,
    memberIds: accounts.map((account) => account.memberId),
    earlierHolderIds: [],
    evidence: { rule: 'EMAIL_ALIAS', normalizedEmail, accounts },
  };
}

/** The cluster of accounts whose e-mails differ only by a `+tag` from `normalizedEmail`'s. */
export const taggedAliasKey = (normalizedEmail: string) => `tag:${untaggedEmail(normalizedEmail)}`;

/**
 * EMAIL_ALIAS at medium: accounts whose e-mails differ only by a `+tag`, at a domain not known to
 * ignore it (where it is known, they share one normalised e-mail and the high finding names them).
 * Marked, not held: such a provider may deliver them to two people.
 */
export async function taggedAliasFinding(db: Db, normalizedEmail: string): Promise<ClusterFinding | null> {
  const untagged = untaggedEmail(normalizedEmail);
  const rows = await db
    .selectFrom('users')
    .select(['id', 'normalized_email'])
    .where(sql.raw<string>(untaggedEmailSql), '=', untagged)
    .where('normalized_email', 'is not', null)
    .where('deleted_at', 'is', null)
    .limit(evidenceLimit)
    .execute();
  if (new Set(rows.map((row) => row.normalized_email)).size < 2) return null;
  const accounts = await accountsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rule: 'EMAIL_ALIAS',
    severity: 'MEDIUM',
    clusterKey: taggedAliasKey(normalizedEmail),
    memberIds: accounts.map((account) => account.memberId),
    earlierHolderIds: [],
    evidence: { rule: 'EMAIL_ALIAS', normalizedEmail: untagged, accounts },
  };
}

/** DISPOSABLE_EMAIL: the member's domain is a disposable-mailbox provider. */
export async function disposableEmailFinding(
  db: Db,
  member: { id: string; email: string },
): Promise<ClusterFinding | null> {
  const domain = emailDomain(member.email);
  if (!isDisposableDomain(domain)) return null;
  return {
    rule: 'DISPOSABLE_EMAIL',
    severity: 'LOW',
    clusterKey: `member:${member.id}`,
    memberIds: [member.id],
    earlierHolderIds: [],
    evidence: { rule: 'DISPOSABLE_EMAIL', domain, accounts: await accountsOf(db, [member.id]) },
  };
}

/** The members an open event of the cluster names already (its first `evidenceLimit`): a burst's earlier windows. */
async function openEventMembers(db: Db, rule: ClusterFinding['rule'], clusterKey: string): Promise<string[]> {
  const rows = await db
    .selectFrom('risk_events as e')
    .innerJoin('risk_event_members as em', 'em.event_id', 'e.id')
    .select('em.user_id')
    .where('e.rule', '=', rule)
    .where('e.cluster_key', '=', clusterKey)
    .where('e.status', '=', 'OPEN')
    // A burst under one sponsor can gather tens of thousands over the months: its evidence keeps
    // the first members by id (the key's own order, so no read of the rest) beside the new window,
    // and each sign-up costs the same however large the event grew (a million-member backfill
    // re-read 32,000 accounts per hour of one sponsor).
    .orderBy('em.event_id')
    .orderBy('em.user_id')
    .limit(evidenceLimit)
    .execute();
  return rows.map((row) => row.user_id);
}

/** REGISTRATION_BURST by sponsor: more than the setting's sign-ups under the sponsor in the hour up to `at`. */
export async function sponsorBurstFinding(
  db: Db,
  config: RiskConfig,
  sponsorId: string,
  at: Date,
): Promise<ClusterFinding | null> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('sponsor_id', '=', sponsorId)
    .where('created_at', '>', new Date(at.getTime() - hourMs))
    .where('created_at', '<', windowEnd(at))
    .orderBy('created_at')
    .limit(evidenceLimit)
    .execute();
  if (rows.length <= config.signupsPerSponsorHour) return null;
  return burstFinding(
    db,
    `sponsor:${sponsorId}`,
    rows.map((row) => row.id),
    { basis: 'SPONSOR', sponsorId, clientAddress: null },
  );
}

/** REGISTRATION_BURST by client address: more than the setting's sign-ups from it in the 24 hours up to `at`. */
export async function clientAddressBurstFinding(
  db: Db,
  config: RiskConfig,
  clientAddress: string,
  at: Date,
): Promise<ClusterFinding | null> {
  const rows = await db
    .selectFrom('registration_client_addresses')
    .select('user_id')
    .where('address', '=', clientAddress)
    .where('registered_at', '>', new Date(at.getTime() - 24 * hourMs))
    .where('registered_at', '<', windowEnd(at))
    .orderBy('registered_at')
    .limit(evidenceLimit)
    .execute();
  if (rows.length <= config.signupsPerClientAddressDay) return null;
  return burstFinding(
    db,
    `client:${clientAddress}`,
    rows.map((row) => row.user_id),
    { basis: 'CLIENT_ADDRESS', sponsorId: null, clientAddress },
  );
}

/** A burst's finding: the window's sign-ups joined to the members its open event names already. */
async function burstFinding(
  db: Db,
  clusterKey: string,
  windowMemberIds: string[],
  source:
    | { basis: 'SPONSOR'; sponsorId: string; clientAddress: null }
    | { basis: 'CLIENT_ADDRESS'; sponsorId: null; clientAddress: string },
): Promise<ClusterFinding> {
  const memberIds = distinct([...(await openEventMembers(db, 'REGISTRATION_BURST', clusterKey)), ...windowMemberIds]);
  return {
    rule: 'REGISTRATION_BURST',
    severity: 'MEDIUM',
    clusterKey,
    memberIds,
    earlierHolderIds: [],
    evidence: { rule: 'REGISTRATION_BURST', ...source, accounts: await accountsOf(db, memberIds) },
  };
}

/** The withdrawals to a lower-case address, any status, oldest first: what the address rules judge. */
export async function findWithdrawalsTo(db: Db, address: string) {
  const rows = await db
    .selectFrom('withdrawals')
    .select(['id', 'user_id', 'amount', 'wallet_address', 'requested_at'])
    .where(sql<string>`lower(wallet_address)`, '=', address)
    .orderBy('requested_at')
    .limit(evidenceLimit)
    .execute();
  return rows.map((row) => ({
    memberId: row.user_id,
    withdrawalId: row.id,
    amount: toWireMoney(row.amount),
    walletAddress: row.wallet_address,
    requestedAt: row.requested_at.toISOString(),
  }));
}
export type WithdrawalsToAddress = Awaited<ReturnType<typeof findWithdrawalsTo>>;

/**
 * The subscriptions a lower-case address paid (credited transfers), the first per member, with
 * `exchangeWallet` set when it paid for RISK_EXCHANGE_WALLET_MIN members or more: an exchange's hot
 * wallet, which ties nobody together. Reads at most a few rows per member it needs to count.
 */
async function subscriptionsPaidFrom(db: Db, config: RiskConfig, address: string) {
  const rows = await db
    .selectFrom('deposit_transfers')
    .select(['user_id', 'from_address', 'tx_hash', 'block_time'])
    .where(sql<string>`lower(from_address)`, '=', address)
    .where('credited_period_ends_at', 'is not', null)
    .limit(config.exchangeWalletMin * 4)
    .execute();
  const firstPerMember = new Map<string, (typeof rows)[number]>();
  for (const row of [...rows].sort((a, b) => a.block_time.getTime() - b.block_time.getTime())) {
    if (!firstPerMember.has(row.user_id)) firstPerMember.set(row.user_id, row);
  }
  const payments = [...firstPerMember.values()].map((row) => ({
    memberId: row.user_id,
    fundingAddress: row.from_address,
    transactionHash: row.tx_hash,
    paidAt: row.block_time.toISOString(),
  }));
  return { payments, exchangeWallet: payments.length >= config.exchangeWalletMin };
}

/** One member's act at an address: a withdrawal to it (or one refused), a subscription paid from it, the deposit address it is. */
interface AddressAct {
  memberId: string;
  at: string;
}

/**
 * The address rules' shape (SHARED_WITHDRAWAL_WALLET, CIRCULAR_FUNDS and any later one): of the
 * members acting at an address, the earlier holders are those whose first act there is the
 * earliest — the address was theirs before anyone linked to it. Everyone else joined the cluster
 * by their own later act, and only they are held: a stranger who withdraws to an address read
 * from the chain holds themselves, not the member it belongs to.
 */
export function earlierHolders(acts: readonly AddressAct[]): string[] {
  const firstActs = new Map<string, number>();
  for (const act of acts) {
    const at = Date.parse(act.at);
    firstActs.set(act.memberId, Math.min(at, firstActs.get(act.memberId) ?? at));
  }
  const earliest = Math.min(...firstActs.values());
  return [...firstActs].filter(([, at]) => at === earliest).map(([memberId]) => memberId);
}

/** The withdrawals refused at request time to a lower-case address (its payouts were another account's), oldest first. */
export async function findAttemptsTo(db: Db, address: string) {
  const rows = await db
    .selectFrom('withdrawal_address_attempts')
    .select(['user_id', 'attempted_at'])
    .where('address', '=', address)
    .orderBy('attempted_at')
    .limit(evidenceLimit)
    .execute();
  return rows.map((row) => ({ memberId: row.user_id, attemptedAt: row.attempted_at.toISOString() }));
}
export type AttemptsToAddress = Awaited<ReturnType<typeof findAttemptsTo>>;

/**
 * SHARED_WITHDRAWAL_WALLET: members who withdrew (or tried to) to the same address; held are
 * those who came to it after another member (`earlierHolders`).
 */
export function sharedWithdrawalWalletFinding(
  config: RiskConfig,
  address: string,
  withdrawals: WithdrawalsToAddress,
  attempts: AttemptsToAddress,
): ClusterFinding | null {
  if (isIgnored(config, address)) return null;
  const acts = [
    ...withdrawals.map((withdrawal) => ({ memberId: withdrawal.memberId, at: withdrawal.requestedAt })),
    ...attempts.map((attempt) => ({ memberId: attempt.memberId, at: attempt.attemptedAt })),
  ];
  const memberIds = distinct(acts.map((act) => act.memberId));
  if (memberIds.length < 2) return null;
  return {
    rule: 'SHARED_WITHDRAWAL_WALLET',
    severity: 'HIGH',
    clusterKey: address,
    memberIds,
    earlierHolderIds: earlierHolders(acts),
    evidence: { rule: 'SHARED_WITHDRAWAL_WALLET', address, withdrawals, attempts },
  };
}

/** SHARED_FUNDING_WALLET: subscriptions paid from the same address (high from four members). */
export async function sharedFundingWalletFinding(
  db: Db,
  config: RiskConfig,
  address: string,
): Promise<ClusterFinding | null> {
  if (isIgnored(config, address)) return null;
  const { payments, exchangeWallet } = await subscriptionsPaidFrom(db, config, address);
  if (exchangeWallet || payments.length < 2) return null;
  return {
    rule: 'SHARED_FUNDING_WALLET',
    severity: payments.length >= highFundingMembers ? 'HIGH' : 'MEDIUM',
    clusterKey: address,
    memberIds: payments.map((payment) => payment.memberId),
    // Paying from an address takes its key: nobody joins another's funding wallet against their will.
    earlierHolderIds: [],
    evidence: { rule: 'SHARED_FUNDING_WALLET', address, payments },
  };
}

/**
 * CIRCULAR_FUNDS: withdrawals to an address that paid another member's subscription, or to any
 * member's deposit address — the money goes round. Held are those who came to the address after
 * another member (`earlierHolders`): a withdrawal to a member's deposit address holds its
 * withdrawer, not the member whose address it is.
 */
export async function circularFundsFinding(
  db: Db,
  config: RiskConfig,
  address: string,
  withdrawals: WithdrawalsToAddress,
): Promise<ClusterFinding | null> {
  if (isIgnored(config, address)) return null;
  if (withdrawals.length === 0) return null;
  const withdrawers = new Set(withdrawals.map((withdrawal) => withdrawal.memberId));
  const sources: { memberId: string; kind: 'FUNDED_SUBSCRIPTION' | 'DEPOSIT_ADDRESS'; at: string }[] = [];
  const owner = await db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where(sql<string>`lower(deposit_address)`, '=', address)
    .executeTakeFirst();
  if (owner) sources.push({ memberId: owner.id, kind: 'DEPOSIT_ADDRESS', at: owner.created_at.toISOString() });
  const { payments, exchangeWallet } = await subscriptionsPaidFrom(db, config, address);
  if (!exchangeWallet) {
    for (const payment of payments) {
      const paidForAnother = [...withdrawers].some((withdrawer) => withdrawer !== payment.memberId);
      if (paidForAnother) sources.push({ memberId: payment.memberId, kind: 'FUNDED_SUBSCRIPTION', at: payment.paidAt });
    }
  }
  if (sources.length === 0) return null;
  const acts = [
    ...withdrawals.map((withdrawal) => ({ memberId: withdrawal.memberId, at: withdrawal.requestedAt })),
    ...sources,
  ];
  return {
    rule: 'CIRCULAR_FUNDS',
    severity: 'HIGH',
    clusterKey: address,
    memberIds: distinct([...withdrawers, ...sources.map((source) => source.memberId)]),
    earlierHolderIds: earlierHolders(acts),
    evidence: { rule: 'CIRCULAR_FUNDS', address, withdrawals, sources },
  };
}
