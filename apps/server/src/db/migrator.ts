import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as accounts from './migrations/0001-accounts';
import * as referralNetwork from './migrations/0003-referral-network';
import * as deposits from './migrations/0004-deposits';
import * as subscriptionExpiry from './migrations/0005-subscription-expiry';
import * as sessionVersion from './migrations/0006-session-version';
import * as accountSecurity from './migrations/0007-account-security';
import * as ledger from './migrations/0010-ledger';
import * as rewardPlan from './migrations/0020-reward-plan';
import * as rewards from './migrations/0030-rewards';
import * as withdrawals from './migrations/0040-withdrawals';
import * as administration from './migrations/0050-administration';
import * as rewardStatistics from './migrations/0051-reward-statistics';
import * as adminTotp from './migrations/0052-admin-totp';
import * as adminReports from './migrations/0053-admin-reports';
import * as rewardCycleBasis from './migrations/0060-reward-cycle-basis';
import * as resumableRewardCycles from './migrations/0061-resumable-reward-cycles';
import * as depositQuarantine from './migrations/0070-deposit-quarantine';
import * as withdrawalPaymentClaims from './migrations/0080-withdrawal-payment-claims';
import * as copyingJudgedWhenLinked from './migrations/0085-copying-judged-when-linked';
import * as subscriptionPaidAt from './migrations/0086-subscription-paid-at';
import * as withdrawalInternalNote from './migrations/0087-withdrawal-internal-note';
import * as notificationPreferences from './migrations/0090-notification-preferences';
import * as noticeOutbox from './migrations/0091-notice-outbox';
import * as counterSlots from './migrations/0110-counter-slots';
import * as ledgerCents from './migrations/0120-ledger-cents';
import * as rewardsPartitionedByCycle from './migrations/0125-rewards-partitioned-by-cycle';
import * as membersOutsideRewards from './migrations/0126-members-outside-rewards';
import * as payoutBatches from './migrations/0130-payout-batches';
import * as withdrawalLeavesBatch from './migrations/0131-withdrawal-leaves-batch';
import * as treasuryReconciliation from './migrations/0135-treasury-reconciliation';
import * as rewardCycleSums from './migrations/0140-reward-cycle-sums';
import * as batchPaymentClaims from './migrations/0141-batch-payment-claims';
import * as installation from './migrations/0150-installation';
import * as ledgerTotals from './migrations/0170-ledger-totals';
import * as adminTeam from './migrations/0180-admin-team';
import * as riskReview from './migrations/0190-risk-review';
import * as seenTreasuryTransfers from './migrations/0200-seen-treasury-transfers';
import * as safeProposals from './migrations/0210-safe-proposals';
import * as safeExecutions from './migrations/0211-safe-executions';
import * as mailKeptUntilDelivered from './migrations/0220-mail-kept-until-delivered';
import * as claimBatchesExportedBefore from './migrations/0230-claim-batches-exported-before';
import * as demoPaymentsInWindow from './migrations/0240-demo-payments-in-four-eyes-window';
import * as untaggedEmailIndex from './migrations/0241-untagged-email-index';
import * as riskHoldsTheOneWhoLinked from './migrations/0242-risk-holds-the-one-who-linked';
import * as administratorsAreNotMembers from './migrations/0243-administrators-are-not-members';
import * as administratorsHaveNoReferralCode from './migrations/0244-administrators-have-no-referral-code';
import * as invitationFunnel from './migrations/0270-invitation-funnel';
import * as mailFailedAt from './migrations/0295-mail-failed-at';
import { applyRuleFunctions } from './rule-functions';

/** Migrations are listed here in order; a new one is imported and appended. */
const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0003-referral-network': referralNetwork,
  '0004-deposits': deposits,
  '0005-subscription-expiry': subscriptionExpiry,
  '0006-session-version': sessionVersion,
  '0007-account-security': accountSecurity,
  '0010-ledger': ledger,
  '0020-reward-plan': rewardPlan,
  '0030-rewards': rewards,
  '0040-withdrawals': withdrawals,
  '0050-administration': administration,
  '0051-reward-statistics': rewardStatistics,
  '0052-admin-totp': adminTotp,
  '0053-admin-reports': adminReports,
  '0060-reward-cycle-basis': rewardCycleBasis,
  '0061-resumable-reward-cycles': resumableRewardCycles,
  '0070-deposit-quarantine': depositQuarantine,
  '0080-withdrawal-payment-claims': withdrawalPaymentClaims,
  '0085-copying-judged-when-linked': copyingJudgedWhenLinked,
  '0086-subscription-paid-at': subscriptionPaidAt,
  '0087-withdrawal-internal-note': withdrawalInternalNote,
  '0090-notification-preferences': notificationPreferences,
  '0091-notice-outbox': noticeOutbox,
  '0110-counter-slots': counterSlots,
  '0120-ledger-cents': ledgerCents,
  '0125-rewards-partitioned-by-cycle': rewardsPartitionedByCycle,
  '0126-members-outside-rewards': membersOutsideRewards,
  '0130-payout-batches': payoutBatches,
  '0131-withdrawal-leaves-batch': withdrawalLeavesBatch,
  '0135-treasury-reconciliation': treasuryReconciliation,
  '0140-reward-cycle-sums': rewardCycleSums,
  '0141-batch-payment-claims': batchPaymentClaims,
  '0150-installation': installation,
  '0170-ledger-totals': ledgerTotals,
  '0180-admin-team': adminTeam,
  '0190-risk-review': riskReview,
  '0200-seen-treasury-transfers': seenTreasuryTransfers,
  '0210-safe-proposals': safeProposals,
  '0211-safe-executions': safeExecutions,
  '0220-mail-kept-until-delivered': mailKeptUntilDelivered,
  '0230-claim-batches-exported-before': claimBatchesExportedBefore,
  '0240-demo-payments-in-four-eyes-window': demoPaymentsInWindow,
  '0241-untagged-email-index': untaggedEmailIndex,
  '0242-risk-holds-the-one-who-linked': riskHoldsTheOneWhoLinked,
  '0243-administrators-are-not-members': administratorsAreNotMembers,
  '0244-administrators-have-no-referral-code': administratorsHaveNoReferralCode,
  '0270-invitation-funnel': invitationFunnel,
  '0295-mail-failed-at': mailFailedAt,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs the migrations this database has not run, then applies the rule functions' current text (db/functions/). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Each branch of work has its own range of numbers, so a database may have run 0070 before 0060
  // arrives: the missing lower numbers run then, instead of the migrator refusing the database.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  await applyRuleFunctions(db);
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** What a start or `db:migrate` says about the schema: the migrations it applied by name, or that none was needed. */
export function migrationsLogLine(migrations: string[]): string {
  return migrations.length > 0
    ? `database migrated: ${migrations.join(', ')}`
    : 'database schema up to date: no migration to apply';
}

/** The migrations of this release that the database has not run yet, by name, in order. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  return (await migrator.getMigrations())
    .filter((migration) => !migration.executedAt)
    .map((migration) => migration.name);
}

/** A command that reads the schema as this release writes it, run on a database that has not been migrated to it. */
export class SchemaBehindError extends Error {
  constructor(pending: string[]) {
    const all = pending.length === Object.keys(migrations).length;
    super(
      all
        ? 'The database has no Uplink schema yet: run `npm run db:migrate` first.'
        : `The database schema is older than this release (${pending.length} migration${pending.length === 1 ? '' : 's'} to apply: ${pending.join(', ')}): run \`npm run db:migrate\` first.`,
    );
    this.name = 'SchemaBehindError';
  }
}

/** Refuses, with SchemaBehindError, a database that has not run every migration of this release. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function refuseOlderSchema(db: Kysely<any>): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length > 0) throw new SchemaBehindError(pending);
}

/** Runs the migrations up to and including `name` only: how a test builds a database as it was before a later one. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function migrateUpTo(db: Kysely<any>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
