import { type Kysely, sql } from 'kysely';
import { inviteeStage } from './functions/invitee-stage';
import { ledgerAccountsGuard } from './functions/ledger-accounts-guard';
import { lockedCreditForfeitsAt } from './functions/locked-credit-forfeits-at';
import { memberComplianceFailures } from './functions/member-compliance-failures';
import { memberIsCopying } from './functions/member-is-copying';
import { refuseHistoryChange } from './functions/refuse-history-change';
import { rewardsStateOnly } from './functions/rewards-state-only';
import type { RuleFunction } from './functions/rule-function';
import { subscriptionIsPaid } from './functions/subscription-is-paid';
import { userCountsFollow } from './functions/user-counts-follow';
import { withdrawalsDecidedOnce } from './functions/withdrawals-decided-once';

/**
 * The SQL functions that hold business rules, in the order they are applied: a function comes
 * after those its body calls (a `LANGUAGE sql` body is checked when it is created).
 */
export const ruleFunctions: readonly RuleFunction[] = [
  subscriptionIsPaid,
  memberIsCopying,
  memberComplianceFailures,
  inviteeStage,
  lockedCreditForfeitsAt,
  refuseHistoryChange,
  ledgerAccountsGuard,
  rewardsStateOnly,
  withdrawalsDecidedOnce,
  userCountsFollow,
];

/** Any constant of our own: the advisory lock that keeps two processes from replacing the functions at once. */
const ruleFunctionsLock = 4_700_281;

/**
 * Replaces every rule function with its file's text, in one transaction: after the migrations on
 * every start and migration run, so the database runs what db/functions/ says. Two processes
 * starting together take turns (PostgreSQL refuses two concurrent replacements of one function).
 */
// biome-ignore lint/suspicious/noExplicitAny: applied to any migrated schema
export async function applyRuleFunctions(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ruleFunctionsLock})`.execute(trx);
    for (const ruleFunction of ruleFunctions) await sql.raw(ruleFunction.definition).execute(trx);
  });
}
