import { adminRoles, can } from '@uplink/contract/admin-roles';
import { complianceWindowDays } from '@uplink/contract/constants';
import { unmatchedTransferReasonTexts } from '@uplink/contract/payout-batches';
import { lockReasonTexts } from '@uplink/contract/reward-lock-reasons';
import { riskRules, riskRuleTexts } from '@uplink/contract/risk';
import { type RawBuilder, sql } from 'kysely';
import { lateCommitAllowance, type NoticeWindow, noticeAmountSql, noticeMomentSql } from './notice-outbox-repository';

/** The administrators the daily digest of pending withdrawals and unmatched transfers goes to: those who decide them. */
const digestRoles = adminRoles.filter((role) => can(role, 'withdrawals.decide'));

/**
 * The open locks told to their owner in the window: a direct reward's lock commits with its payment;
 * a cycle's locks are stamped with the moment the cycle was judged but booked chunk by chunk, maybe
 * long after (a resumed run): they are told once their run is recorded.
 */
export function rewardLockedEvents({ from, to }: NoticeWindow, minimumBalance: string): RawBuilder<unknown> {
  return sql`
        ${openLocks(
          sql`'reward-locked:'`,
          minimumBalance,
          to,
          sql`p.reason_type = 'REWARD' AND p.created_at > ${from} - ${lateCommitAllowance} AND p.created_at <= ${to}`,
        )}
        UNION ALL
        ${openLocks(
          sql`'reward-locked:'`,
          minimumBalance,
          to,
          sql`p.reason_type = 'REWARD_CYCLE' AND p.settles_entry_id IS NULL
              AND p.reason_id IN (${distributedRuns(from, to)})`,
        )}`;
}

/**
 * The open locks that came `days` from their forfeit in the window: a lock whose `laterWarningDays`
 * warning is already due (a pause of the job) is left to that one.
 */
export function forfeitWarningEvents(
  { from, to }: NoticeWindow,
  minimumBalance: string,
  days: number,
  laterWarningDays: number,
): RawBuilder<unknown> {
  const dueAfter = complianceWindowDays - days;
  return openLocks(
    sql`${`forfeit-warning-${days}:`}::text`,
    minimumBalance,
    to,
    sql`p.created_at > ${from} - make_interval(days => ${dueAfter})
                AND p.created_at <= ${to}::timestamptz - make_interval(days => ${dueAfter})
                AND p.created_at > ${to}::timestamptz - make_interval(days => ${complianceWindowDays - laterWarningDays})`,
  );
}

/**
 * The paid subscriptions that came `days` from their end in the window, less those whose
 * `laterReminderDays` reminder is already due. users_lapsed_idx (subscription_period_ends_at of
 * paid, undeleted members) is the range scanned.
 */
export function subscriptionEndingEvents(
  { from, to }: NoticeWindow,
  days: number,
  laterReminderDays: number,
): RawBuilder<unknown> {
  return sql`
            SELECT ${`subscription-ending-${days}:`} || u.id::text || ':' || u.subscription_period_ends_at::text AS event_key,
                   u.id AS member_id, u.email AS to_address, u.first_name AS "firstName",
                   ${noticeMomentSql(sql`u.subscription_period_ends_at`)} AS "endsAt"
              FROM users u
             WHERE u.deleted_at IS NULL AND u.subscription_paid_at IS NOT NULL
               AND u.subscription_period_ends_at > ${from} + make_interval(days => ${days})
               AND u.subscription_period_ends_at <= ${to}::timestamptz + make_interval(days => ${days})
               AND u.subscription_period_ends_at > ${to}::timestamptz + make_interval(days => ${laterReminderDays})`;
}

/**
 * Each member's totals of the cycles whose run was recorded in the window. A cycle is written in
 * many transactions (chunks); its totals are whole only once its run is recorded, so the summary
 * follows the run record rather than living in any chunk. Carried is the member's carry as the
 * cycle's entry left it (migration 0120): the carry now, less the carry_delta of their entries
 * booked since (few: the summary follows the run within the hour). The entry's exact rewards are
 * amount + carry_delta, and what it took in from before is the carry it left less its carry_delta:
 * exact + carried in = credited + locked + carried.
 */
export function cycleSummaryEvents({ from, to }: NoticeWindow): RawBuilder<unknown> {
  return sql`
        SELECT 'cycle-summary:' || cycle.cycle::text || ':' || u.id::text AS event_key,
               u.id AS member_id, u.email AS to_address, u.first_name AS "firstName", cycle.cycle::text AS cycle,
               ${noticeAmountSql(sql`cycle.exact`)} AS exact,
               ${noticeAmountSql(sql`left_carry.carried - cycle.carry_delta`)} AS "carriedIn",
               ${noticeAmountSql(sql`cycle.credited`)} AS credited, ${noticeAmountSql(sql`cycle.locked`)} AS locked,
               ${noticeAmountSql(sql`left_carry.carried`)} AS carried
          FROM (SELECT run.cycle, e.account_id, max(e.id) AS last_entry,
                       coalesce(sum(e.amount) FILTER (WHERE e.kind = 'CREDIT_POSTED'), 0) AS credited,
                       coalesce(sum(e.amount) FILTER (WHERE e.kind = 'CREDIT_PENDING'), 0) AS locked,
                       sum(e.amount + e.carry_delta) AS exact, sum(e.carry_delta) AS carry_delta
                  FROM reward_cycle_runs run
                  JOIN ledger_entries e ON e.reason_type = 'REWARD_CYCLE' AND e.reason_id = run.cycle::text
                                       AND e.settles_entry_id IS NULL AND e.kind IN ('CREDIT_POSTED', 'CREDIT_PENDING')
                 WHERE run.cycle::text IN (${distributedRuns(from, to)})
                 GROUP BY run.cycle, e.account_id) AS cycle
          JOIN users u ON u.id = cycle.account_id
          JOIN ledger_accounts a ON a.user_id = u.id
         CROSS JOIN LATERAL (
           SELECT a.carry - coalesce((SELECT sum(later.carry_delta) FROM ledger_entries later
                                       WHERE later.account_id = u.id AND later.id > cycle.last_entry), 0) AS carried
         ) AS left_carry
         WHERE u.deleted_at IS NULL`;
}

/** The cycles (as ledger reason ids) whose distribution was recorded in the window. */
function distributedRuns(from: RawBuilder<Date>, to: Date): RawBuilder<unknown> {
  return sql`
    SELECT run.cycle::text FROM reward_cycle_runs run
     WHERE run.outcome = 'DISTRIBUTED'
       AND run.finished_at > ${from} - ${lateCommitAllowance} AND run.finished_at <= ${to}`;
}

/**
 * The open locked credits whose moment is in `window`, with their owner, amount, deadline and
 * the reasons the owner fails now (a lock whose owner is compliant again is about to be released:
 * no notice). Scanned by ledger_entries_pending_credits_idx (created_at of CREDIT_PENDING).
 */
function openLocks(
  keyPrefix: RawBuilder<unknown>,
  minimumBalance: string,
  now: Date,
  window: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`
    SELECT ${keyPrefix} || p.id::text AS event_key, u.id AS member_id, u.email AS to_address,
           u.first_name AS "firstName", ${noticeAmountSql(sql`p.amount`)} AS amount,
           ${noticeMomentSql(sql`locked_credit_forfeits_at(p.created_at)`)} AS deadline,
           (SELECT string_agg(${JSON.stringify(lockReasonTexts(minimumBalance))}::jsonb ->> failure, ' ')
              FROM unnest(failures.reasons) AS failure) AS reason
      FROM ledger_entries p
      JOIN users u ON u.id = p.account_id
     CROSS JOIN LATERAL (
       SELECT member_compliance_failures(u, ${now}, ${minimumBalance}::numeric, member_is_copying(u.id)) AS reasons
     ) failures
     WHERE p.kind = 'CREDIT_PENDING'
       AND ${window}
       AND locked_credit_forfeits_at(p.created_at) > ${now}
       AND NOT EXISTS (SELECT 1 FROM ledger_entries s WHERE s.settles_entry_id = p.id)
       AND u.deleted_at IS NULL
       AND cardinality(failures.reasons) > 0`;
}

/** The unmatched treasury transfers a digest names, newest first; the rest are counted. */
const digestTransfersListed = 5;
/** The new risk events a digest names, most severe and newest first; the rest are counted. */
const digestRiskEventsListed = 5;
const riskRuleTitles = JSON.stringify(Object.fromEntries(riskRules.map((rule) => [rule, riskRuleTexts[rule].title])));

/**
 * One digest a day to every administrator: the withdrawals requested since the previous digest
 * that still wait, the payments flagged for withdrawals already closed (`withdrawal_flagged_payments`)
 * and the treasury transfers reconciliation read since then that matched no withdrawal
 * (`treasury_transfers`, by treasury_transfers_unmatched_idx), and the risk events opened since then
 * (by risk_events_created_idx). Nothing new, no digest; the cursor
 * moves only once a day has passed (the batch's period).
 */
export function adminDigestEvents({ from, to }: NoticeWindow): RawBuilder<unknown> {
  return sql`
    WITH since AS (SELECT ${from} AS at),
    pending AS (
      SELECT count(*) AS count, coalesce(sum(w.amount), 0) AS total
        FROM withdrawals w
       WHERE w.status = 'PENDING' AND w.requested_at > (SELECT at FROM since) AND w.requested_at <= ${to}
    ),
    flagged AS (
      SELECT count(*) AS count FROM withdrawal_flagged_payments f
       WHERE f.recorded_at > (SELECT at FROM since) AND f.recorded_at <= ${to}
    ),
    unmatched_transfers AS (
      SELECT t.transaction_hash, t.amount, t.unmatched_reason,
             row_number() OVER (ORDER BY t.seen_at DESC, t.transaction_hash, t.log_index) AS position
        FROM treasury_transfers t
       WHERE t.unmatched_reason IS NOT NULL AND t.seen_at > (SELECT at FROM since) AND t.seen_at <= ${to}
    ),
    unmatched AS (
      SELECT count(*) AS count,
             coalesce(' Newest: ' || string_agg(
               t.transaction_hash || ', ' || ${noticeAmountSql(sql`t.amount`)} || ' USDT, '
                 || (${JSON.stringify(unmatchedTransferReasonTexts)}::jsonb ->> t.unmatched_reason),
               '; ' ORDER BY t.position) FILTER (WHERE t.position <= ${digestTransfersListed}) || '.', '')
             || CASE WHEN count(*) > ${digestTransfersListed}
                     THEN ' And ' || (count(*) - ${digestTransfersListed})::text || ' more.'
                     ELSE '' END AS list
        FROM unmatched_transfers t
    ),
    new_risk_events AS (
      SELECT e.rule, e.severity,
             (SELECT count(*) FROM risk_event_members m WHERE m.event_id = e.id) AS members,
             row_number() OVER (ORDER BY CASE e.severity WHEN 'HIGH' THEN 0 WHEN 'MEDIUM' THEN 1 ELSE 2 END,
                                         e.created_at DESC, e.id) AS position
        FROM risk_events e
       WHERE e.created_at > (SELECT at FROM since) AND e.created_at <= ${to}
    ),
    risk AS (
      SELECT count(*) AS count,
             coalesce(' ' || string_agg(
               initcap(r.severity) || ': ' || (${riskRuleTitles}::jsonb ->> r.rule) || ', '
                 || r.members::text || CASE WHEN r.members = 1 THEN ' member' ELSE ' members' END,
               '; ' ORDER BY r.position) FILTER (WHERE r.position <= ${digestRiskEventsListed}) || '.', '')
             || CASE WHEN count(*) > ${digestRiskEventsListed}
                     THEN ' And ' || (count(*) - ${digestRiskEventsListed})::text || ' more.'
                     ELSE '' END AS list
        FROM new_risk_events r
    )
    SELECT 'admin-digest:' || to_char(${to}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD') || ':' || a.id::text AS event_key,
           a.id AS member_id, a.email AS to_address, a.first_name AS "firstName",
           pending.count::text AS "pendingCount", ${noticeAmountSql(sql`pending.total`)} AS "pendingTotal",
           flagged.count::text AS "flaggedCount", unmatched.count::text AS "unmatchedCount",
           unmatched.list AS "unmatchedList", risk.count::text AS "riskCount", risk.list AS "riskList"
      FROM users a, pending, flagged, unmatched, risk
     WHERE a.is_admin AND a.deleted_at IS NULL AND a.admin_status = 'ACTIVE'
       AND a.admin_role = ANY(${digestRoles}::text[])
       AND (SELECT at FROM since) <= ${to}::timestamptz - interval '1 day'
       AND (pending.count > 0 OR flagged.count > 0 OR unmatched.count > 0 OR risk.count > 0)`;
}
