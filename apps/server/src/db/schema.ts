import type { MailKind } from '@uplink/contract/admin-mail';
import type { AdminRole, AdminStatus } from '@uplink/contract/admin-roles';
import type { AuditAction, AuditTargetType } from '@uplink/contract/audit';
import type { UserStatus } from '@uplink/contract/constants';
import type { InviteeStage } from '@uplink/contract/invitations';
import type { LedgerEntryKind, LedgerReasonType } from '@uplink/contract/ledger';
import type { RewardState, RewardType } from '@uplink/contract/member-rewards';
import type { SafeProposalState, UnmatchedTransferReason } from '@uplink/contract/payout-batches';
import type { RiskEventStatus, RiskEvidence, RiskRule, RiskSeverity } from '@uplink/contract/risk';
import type { WithdrawalStatus } from '@uplink/contract/withdrawals';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** NUMERIC comes back from node-postgres as a string: exact money, never a float. */
type Numeric = ColumnType<string, string | number, string | number>;

/**
 * A counter that every write touches, kept by triggers in one row per key and slot (migration
 * 0110) so that concurrent writers add to different rows.
 */
interface SlottedCounter {
  /** Which of the counter's rows: readers sum (or take the extremes) over the slots. */
  slot: ColumnType<number, never, never>;
}

export interface UsersTable {
  id: Generated<string>;
  seq: Generated<string>;
  user_id: Generated<string>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  is_email_verified: Generated<boolean>;
  is_admin: Generated<boolean>;
  status: Generated<UserStatus>;
  /** Null for an administrator other than the network root (migration 0244): administrators invite nobody. */
  referral_code: string | null;
  sponsor_id: string | null;
  deposit_address: string | null;
  bingx_uid: string | null;
  bingx_kyc: boolean | null;
  bingx_balance: Numeric | null;
  bingx_linked_at: NullableTimestamp;
  /** When the exchange last reported `bingx_balance` (linking, then the compliance refresh). */
  bingx_balance_checked_at: NullableTimestamp;
  subscription_paid_at: NullableTimestamp;
  subscription_period_ends_at: NullableTimestamp;
  subscription_amount: Numeric | null;
  subscription_tx_hash: string | null;
  last_login_at: NullableTimestamp;
  /** Raised by every new password; session tokens of an older version are refused. */
  session_version: Generated<number>;
  /** Set by an administrator's soft delete (migration 0050): personal data blanked, the row kept. */
  deleted_at: NullableTimestamp;
  /** Successful sign-ins, raised with `last_login_at` (migration 0053). */
  sign_in_count: Generated<number>;
  /** Set exactly for administrators (migration 0180). */
  admin_role: AdminRole | null;
  admin_status: AdminStatus | null;
  /** The owner whose invitation made this administrator; null for the root administrator. */
  invited_by: string | null;
  /** The mailbox the e-mail reaches, as `normalizeEmail` spells it (migration 0190); null until backfilled. */
  normalized_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The registration came through the sponsor's `/ref/` link (migration 0270). */
  registered_through_link: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AdminInvitationStatus = 'PENDING' | 'ACCEPTED' | 'REVOKED' | 'EXPIRED';

/** An invitation to join the administrators (migration 0180): its link's token only hashed. */
export interface AdminInvitationsTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  role: AdminRole;
  token_hash: string;
  status: Generated<AdminInvitationStatus>;
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  closed_at: NullableTimestamp;
  /** The administrator the accepted invitation made. */
  administrator_id: string | null;
}

/** Closure table of the sponsor tree, depth 1..15 only: all the product ever asks for. */
export interface ReferralClosureTable {
  ancestor_id: string;
  descendant_id: string;
  depth: number;
  /** Copies of the descendant's columns, filled and kept current by triggers (migration 0003). */
  member_status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  member_joined_at: ColumnType<Date, Date | string | undefined, Date | string>;
  member_subscription_paid: ColumnType<boolean, boolean | undefined, boolean>;
  member_bingx_linked: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Downline size per member, level and (status, paid, linked), kept by triggers on the closure. */
export interface ReferralDownlineCountsTable {
  ancestor_id: string;
  depth: number;
  member_status: UserStatus;
  subscription_paid: boolean;
  bingx_linked: boolean;
  members: number;
}

/** A reward credited to a beneficiary; `source_user_id` is the member whose payment or trading caused it (migration 0030). */
export interface RewardsTable {
  id: ColumnType<string, never, never>;
  beneficiary_id: string;
  source_user_id: string;
  type: RewardType;
  level: number;
  cycle: number;
  plan_version: number;
  percent: Numeric;
  master_amount: Numeric;
  reward_amount: Numeric;
  state: RewardState;
  created_at: Timestamp;
}

/** How many rewards a beneficiary has per type and level, kept by the writers of `rewards`. */
export interface RewardCountsTable {
  beneficiary_id: string;
  type: RewardType;
  level: number;
  rewards: ColumnType<string, string | number, string | number>;
}

/** Count and amounts of the rewards per (type, level, state), kept by triggers on `rewards` (migration 0051). */
export interface RewardTotalsTable extends SlottedCounter {
  type: RewardType;
  level: number;
  state: RewardState;
  rewards: ColumnType<string, never, never>;
  reward_amount: ColumnType<string, never, never>;
  master_amount: ColumnType<string, never, never>;
}

/** The largest and smallest reward and the first and last reward id per (type, level) (migration 0051). */
export interface RewardExtremesTable extends SlottedCounter {
  type: RewardType;
  level: number;
  max_reward: ColumnType<string, never, never>;
  min_reward: ColumnType<string, never, never>;
  first_id: ColumnType<string, never, never>;
  last_id: ColumnType<string, never, never>;
}

/** What one copier's trading paid the master trader in a cycle. */
export interface RewardStatementEntriesTable {
  cycle: number;
  copier_id: string;
  bingx_uid: string;
  master_amount: Numeric;
  /** Compliant when the run began (NULL on statements stored before runs judged it up front). */
  copier_compliant: boolean | null;
}

/** The run under way of a cycle, chunk by chunk (migration 0061); gone once the run is recorded. */
export interface RewardCycleProgressTable {
  cycle: number;
  source: RewardCycleSource;
  basis: RewardCycleBasis;
  started_by: string | null;
  started_at: Timestamp;
  judged_at: Timestamp;
  plan_version: number;
  input_count: number;
  unknown_uids: string[];
  total_master_amount: Numeric;
  rewards_through: string | null;
  rewards_done: Generated<boolean>;
  booked_through: string | null;
  rewards_written: ColumnType<string, string | number | undefined, string | number>;
  total_paid: ColumnType<string, string | number | undefined, string | number>;
  total_locked: ColumnType<string, string | number | undefined, string | number>;
  /** Whether the beneficiaries' sums of the cycle are written (migration 0140). */
  summed: Generated<boolean>;
}

/** Each beneficiary's exact rewards of the cycle under way, by state (migration 0140). */
export interface RewardCycleSumsTable {
  cycle: number;
  beneficiary_id: string;
  state: 'POSTED' | 'LOCKED';
  exact: Numeric;
}

/** One preview or run of a cycle at a time (migration 0061). */
export type RewardCycleSource = 'EXCHANGE' | 'UPLOAD';
export type RewardCycleOutcome = 'DISTRIBUTED' | 'ALREADY_DISTRIBUTED';
export type RewardCycleBasis = 'UPLOADED_STATEMENT' | 'EXCHANGE_COPY_TRADING_COMMISSION';

/** One run of a reward cycle; at most one per cycle is DISTRIBUTED. */
export interface RewardCycleRunsTable {
  id: ColumnType<string, never, never>;
  cycle: number;
  cycle_starts_at: Timestamp;
  cycle_ends_at: Timestamp;
  source: RewardCycleSource;
  /** What `masterAmount` was; NULL on runs recorded before runs named it. */
  basis: RewardCycleBasis | null;
  outcome: RewardCycleOutcome;
  started_by: string | null;
  started_at: Timestamp;
  finished_at: Timestamp;
  plan_version: number;
  input_count: number;
  unknown_uids: string[];
  rewards_written: ColumnType<string, string | number, never>;
  total_master_amount: Numeric;
  total_paid: Numeric;
  total_locked: Numeric;
  duration_ms: number;
}

/**
 * Password attempts per e-mail address (registered or not), keyed by an HMAC of the address:
 * sign-in and change-password reserve an attempt here before they check a password.
 */
export interface SignInAttemptsTable {
  email_key: string;
  attempts: number;
  /** Set when `attempts` reached the maximum: no password is checked until then. */
  locked_until: NullableTimestamp;
  updated_at: Timestamp;
}

export type AccountTokenPurpose = 'EMAIL_VERIFICATION' | 'PASSWORD_RESET';

export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/**
 * A reset or verification mail asked for by e-mail address, waiting for the mail worker to look
 * the address up; one pending request per purpose and address.
 */
export interface AccountMailRequestsTable {
  id: Generated<string>;
  purpose: AccountTokenPurpose;
  email: string;
  created_at: Generated<Timestamp>;
}

/** A member's BingX UID checks in the current day-long window. */
export interface ExchangeUidChecksTable {
  user_id: string;
  window_started_at: Timestamp;
  checks: number;
}

export type MailStatus = 'PENDING' | 'SENT' | 'FAILED';

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** Extra headers the mail goes out with (List-Unsubscribe on notices; migration 0091). */
  headers: ColumnType<Record<string, string>, Record<string, string> | undefined, never>;
  /** The event a notice reports, unique: each notice is stored at most once per event. */
  event_key: string | null;
  /** What the mail is (migration 0220): a one-time link or code, or a notice. */
  kind: ColumnType<MailKind, MailKind | undefined, never>;
  /** When the link or code in it stops working; null for a notice. */
  expires_at: NullableTimestamp;
  /** When the current round of delivery attempts began: its creation, or the last "send again". */
  queued_at: Generated<Timestamp>;
  /** When it was given up on (migration 0295); null unless FAILED. */
  failed_at: NullableTimestamp;
}

/** What a mail is: its one-time link or code, or a notice (no deadline of its own). */
export { type MailKind, mailKinds } from '@uplink/contract/admin-mail';

/** How far each notice job has looked (migration 0091): its next run starts there. */
export interface NoticeCursorsTable {
  job: string;
  reached_at: Timestamp;
}

/** A USDT transfer to a member's deposit address; counted once (unique tx_hash + log_index). */
export interface DepositTransfersTable {
  id: Generated<string>;
  user_id: string;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_hash: string;
  block_time: Timestamp;
  from_address: string;
  to_address: string;
  amount: Numeric;
  /** The end of the subscription period this transfer paid for; null while not yet used. */
  credited_period_ends_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

/** A deposit log the scanner could not store, kept as it came (migration 0070). */
export interface DepositQuarantineTable {
  tx_hash: string;
  log_index: number;
  block_number: ColumnType<string, string | number, string | number>;
  from_address: string;
  to_address: string;
  /** The log's value in the token's smallest units (a uint256), in decimal. */
  raw_amount: string;
  reason: string;
  quarantined_at: Timestamp;
}

/** How far a chain scanner has read: the last fully scanned block and its hash. */
export interface ChainScanCursorsTable {
  name: string;
  last_block: ColumnType<string, string | number, string | number>;
  last_block_hash: string | null;
  updated_at: Generated<Timestamp>;
}

/** A member's balances: four running totals kept by the trigger on `ledger_entries` (migration 0010). */
export interface LedgerAccountsTable {
  user_id: string;
  credits_posted: ColumnType<string, never, never>;
  credits_pending: ColumnType<string, never, never>;
  debits_posted: ColumnType<string, never, never>;
  debits_pending: ColumnType<string, never, never>;
  /** What the member's credits left under a cent, carried to their next credit (migration 0120): 0 ≤ carry < 0.01. */
  carry: ColumnType<string, never, never>;
  updated_at: ColumnType<Date, never, never>;
}

/** One append-only movement on a ledger account; see `modules/ledger/ledger-repository.ts`. */
export interface LedgerEntriesTable {
  id: ColumnType<string, never, never>;
  account_id: string;
  kind: LedgerEntryKind;
  amount: Numeric;
  /** exact − amount of a credit: what goes to (or comes from) the account's carry (migration 0120). */
  carry_delta: ColumnType<string, string | number | undefined, never>;
  reason_type: LedgerReasonType;
  reason_id: string;
  settles_entry_id: string | null;
  created_at: Timestamp;
}

/** Who did what to which record, with the record before and after (migration 0010). */
export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  actor_id: string | null;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string;
  /** jsonb: the record as it was and as it became (null where there is none). */
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  ip_address: string | null;
  request_id: string | null;
  created_at: Timestamp;
}

/** One version of the reward plan; a new plan is a new row (migration 0020). */
export interface RewardPlansTable {
  version: number;
  /** NUMERIC as a string: percent of the subscription fee paid to the sponsor. */
  direct_percent: string;
  /** NUMERIC[] as strings: percent of the master trader's share for levels 1..15. */
  level_percents: string[];
  created_at: Timestamp;
}

/** A one-time code for a withdrawal, stored as an HMAC (migration 0040). */
export interface WithdrawalCodesTable {
  id: Generated<string>;
  seq: ColumnType<string, never, never>;
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
  used_at: NullableTimestamp;
}

/** A member's withdrawal and the ledger hold behind it (migration 0040). */
export interface WithdrawalsTable {
  id: string;
  user_id: string;
  amount: Numeric;
  asset: Generated<'USDT'>;
  wallet_address: string;
  status: Generated<WithdrawalStatus>;
  /** What the member is told: a rejection's or block's reason, an approval's note. */
  reason: string | null;
  /** An administrator's note for administrators only, never sent to the member (migration 0087). */
  internal_note: string | null;
  transaction_hash: string | null;
  code_id: string;
  hold_entry_id: string;
  requested_at: Timestamp;
  processed_at: NullableTimestamp;
  processed_by: string | null;
  /** A payment under way (migration 0080): set while pending, cleared by the decision or a release. */
  payment_claimed_at: NullableTimestamp;
  payment_claimed_by: string | null;
  /** The chain head when the claim was taken: a release looks for the payment from there. */
  payment_claim_block: ColumnType<string | null, number | null, number | null>;
  payment_claim_hash: string | null;
  /** The payout batch whose payment claims it (migration 0141); null for a single payment's claim. */
  payment_claim_batch: string | null;
  /** The payment's `Transfer` log in its transaction (migration 0130); null where it was not located. */
  transaction_log_index: number | null;
}

/** A batch of withdrawals paid together (migration 0130). */
export interface PayoutBatchesTable {
  id: string;
  created_by: string;
  created_at: Timestamp;
  approved_by: string | null;
  approved_at: NullableTimestamp;
  /** The payment under way (migration 0141): started by its first export or the demo treasury, until a release. */
  payment_claimed_at: NullableTimestamp;
  payment_claimed_by: string | null;
  /** The chain head just before the claim: a release looks for the batch's transfers from there. */
  payment_claim_block: ColumnType<string | null, number | null, number | null>;
}

/** A batch's part proposed to the treasury Safe as one Safe transaction (migration 0210). */
export interface PayoutSafeProposalsTable {
  safe_tx_hash: string;
  batch_id: string;
  part: number;
  safe_address: string;
  nonce: ColumnType<string, number | string, never>;
  transfers: number;
  /** The batch's claimed lines (claim_position) the part pays. */
  first_position: number;
  last_position: number;
  total: ColumnType<string, string, never>;
  state: ColumnType<SafeProposalState, SafeProposalState | undefined, SafeProposalState>;
  proposed_by: string;
  proposed_at: Timestamp;
  decided_at: NullableTimestamp;
  /** The chain transaction that executed, failed or replaced it. */
  transaction_hash: string | null;
}

/** One execTransaction of a treasury Safe, read from its confirmed blocks (migration 0211). */
export interface SafeExecutionsTable {
  safe_tx_hash: string;
  safe_address: string;
  nonce: ColumnType<string, number | string, number | string>;
  successful: boolean;
  transaction_hash: string;
  block_number: ColumnType<string, number, number>;
}

/** A withdrawal's line in a batch; `left_at` once it left (rejected, blocked). */
export interface PayoutBatchWithdrawalsTable {
  batch_id: string;
  withdrawal_id: string;
  position: number;
  left_at: NullableTimestamp;
  /** The line's transfer in the payment under way, 1, 2, … (migration 0141): the files' parts are ranges of it. */
  claim_position: number | null;
}

/** An administrator's first export of a batch in its payment, and the total then (migration 0141). */
export interface PayoutBatchExportsTable {
  batch_id: string;
  exported_by: string;
  exported_at: Timestamp;
  total: Numeric;
}

/** The demo treasury's transaction paying one Transaction Builder part of a batch (migration 0141). */
export interface PayoutBatchDemoPaymentsTable {
  batch_id: string;
  part: number;
  lines: number;
  started_at: Timestamp;
  /** Null while it is being sent. */
  transaction_hash: string | null;
}

/**
 * The dev tools' payment of one withdrawal from the demo treasury, counted in its administrator's
 * four-eyes window like a batch's export (migration 0240). Kept when the claim is released: money
 * it sent may still have moved.
 */
export interface WithdrawalDemoPaymentsTable {
  withdrawal_id: string;
  paid_by: string;
  paid_at: Timestamp;
  amount: Numeric;
}

/** An outgoing USDT transfer of a treasury address, as reconciliation read it (migration 0130). */
export interface TreasuryTransfersTable {
  transaction_hash: string;
  log_index: number;
  block_number: ColumnType<string, number, never>;
  block_hash: string;
  from_address: string;
  to_address: string;
  raw_amount: Numeric;
  amount: Numeric;
  seen_at: Timestamp;
  withdrawal_id: string | null;
  unmatched_reason: UnmatchedTransferReason | null;
}

/** A treasury transfer mined and not yet decided by the reconciliation (migration 0200). */
export interface TreasurySeenTransfersTable {
  transaction_hash: string;
  log_index: number;
  /** Moves when the transfer is mined again in another block. */
  block_number: ColumnType<string, number, number>;
  block_hash: string;
  from_address: string;
  to_address: string;
  amount: Numeric;
  seen_at: Timestamp;
}

/** A payment recorded for a withdrawal already rejected or blocked (migration 0080). */
export interface WithdrawalFlaggedPaymentsTable {
  withdrawal_id: string;
  transaction_hash: string;
  withdrawal_status: WithdrawalStatus;
  /** The administrator; null when the treasury reconciliation read the payment (migration 0135). */
  recorded_by: string | null;
  recorded_at: Timestamp;
}

/** Count and amount of withdrawals per status, kept by a trigger on `withdrawals`. */
export interface WithdrawalTotalsTable extends SlottedCounter {
  status: WithdrawalStatus;
  withdrawals: ColumnType<string, never, never>;
  amount: ColumnType<string, never, never>;
}

/** Members not deleted, by group: the admin user statistics (migration 0050). */
export interface UserCountsTable extends SlottedCounter {
  status: UserStatus;
  email_verified: boolean;
  ever_paid: boolean;
  exchange_linked: boolean;
  members: ColumnType<string, never, never>;
}

/** An administrator's second factor, sealed; `enrolled_at` null until confirmed (migration 0052). */
export interface AdminTotpTable {
  user_id: string;
  secret_sealed: string;
  created_at: Timestamp;
  enrolled_at: NullableTimestamp;
  /** The newest 30-second step whose code was accepted. */
  last_step: Generated<number>;
  /** Sign-ins completed with the factor: a challenge is spent once it moves on. */
  sign_ins: Generated<number>;
}

/** A recovery code of an administrator's second factor, as an HMAC; single use (migration 0052). */
export interface AdminTotpRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
}

/** When this database was installed: one row (migration 0150). */
export interface InstallationTable {
  singleton: ColumnType<boolean, never, never>;
  installed_at: Timestamp;
}

/** The client address a member registered from, kept 90 days (migration 0190). */
export interface RegistrationClientAddressesTable {
  user_id: string;
  address: string;
  registered_at: Timestamp;
}

/** One rule's event over one cluster of members (migration 0190). */
export interface RiskEventsTable {
  id: Generated<string>;
  rule: RiskRule;
  severity: RiskSeverity;
  status: ColumnType<RiskEventStatus, RiskEventStatus | undefined, RiskEventStatus>;
  /** What the cluster shares: an address, a mailbox, a sponsor, a client address or a member. */
  cluster_key: string;
  evidence: ColumnType<RiskEvidence, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
  note: string | null;
}

export interface RiskEventMembersTable {
  event_id: string;
  user_id: string;
  joined_at: Timestamp;
  /** At the address first, by their own earlier act: named, not held unless extended (migration 0242). */
  earlier_holder: Generated<boolean>;
  hold_extended_by: string | null;
  hold_extended_at: Timestamp | null;
}

/** A withdrawal refused at request time: its address had received payouts for another account (migration 0242). */
export interface WithdrawalAddressAttemptsTable {
  id: Generated<string>;
  user_id: string;
  /** In lower case. */
  address: string;
  attempted_at: Timestamp;
}

/** The backfill's one row, written when it has gone over the data that existed before the rules. */
export interface RiskBackfillTable {
  id: ColumnType<boolean, never, never>;
  finished_at: Timestamp;
}

/** A member's level-1 invitee and the stage they are at (migration 0270), kept by triggers. */
export interface InviteesTable {
  invitee_id: string;
  sponsor_id: string;
  registered_at: Timestamp;
  through_link: boolean;
  stage: InviteeStage;
  stage_since: Timestamp;
}

/** Invitees by sponsor, registration day, stage and link (migration 0270), kept by triggers on `invitees`. */
export interface InvitationFunnelCountsTable {
  sponsor_id: string;
  registered_on: ColumnType<string, string, string>;
  stage: InviteeStage;
  through_link: boolean;
  invitees: number;
}

/** The same over the network, in slots (migration 0270). */
export interface InvitationFunnelTotalsTable extends SlottedCounter {
  registered_on: ColumnType<string, string, string>;
  stage: InviteeStage;
  through_link: boolean;
  invitees: number;
}

/** Each link's all-time unique visits, registrations and paid invitees (migration 0270). */
export interface InvitationLinkTotalsTable {
  sponsor_id: string;
  visits: number;
  registered: number;
  paid: number;
}

/** Today's and yesterday's daily unique visitor keys, only to count each visitor once a day. */
export interface InvitationVisitorsTable {
  visited_on: ColumnType<string, string, string>;
  sponsor_id: string;
  visitor_key: Buffer;
}

/** A link's unique visitors per day. */
export interface InvitationVisitsTable {
  sponsor_id: string;
  visited_on: ColumnType<string, string, string>;
  visits: number;
}

/** The network's unique link visitors per day, in slots. */
export interface InvitationVisitTotalsTable extends SlottedCounter {
  visited_on: ColumnType<string, string, string>;
  visits: number;
}

/** A reminder a sponsor sent an invitee (migration 0270). */
export interface InvitationRemindersTable {
  id: Generated<string>;
  sponsor_id: string;
  invitee_id: string;
  stage: InviteeStage;
  sent_at: Timestamp;
}

/** What the invitees' stages are judged by, and what the linked ones last reflected (migration 0270). */
export interface InviteeStageBasisTable {
  singleton: ColumnType<boolean, never, never>;
  minimum_balance: Numeric;
  reflected_minimum: Numeric;
  reflected_cycle: number | null;
}

export interface Database {
  invitees: InviteesTable;
  invitation_funnel_counts: InvitationFunnelCountsTable;
  invitation_funnel_totals: InvitationFunnelTotalsTable;
  invitation_link_totals: InvitationLinkTotalsTable;
  invitation_visitors: InvitationVisitorsTable;
  invitation_visits: InvitationVisitsTable;
  invitation_visit_totals: InvitationVisitTotalsTable;
  invitation_reminders: InvitationRemindersTable;
  invitee_stage_basis: InviteeStageBasisTable;
  installation: InstallationTable;
  users: UsersTable;
  user_counts: UserCountsTable;
  referral_closure: ReferralClosureTable;
  referral_downline_counts: ReferralDownlineCountsTable;
  rewards: RewardsTable;
  reward_counts: RewardCountsTable;
  reward_totals: RewardTotalsTable;
  reward_extremes: RewardExtremesTable;
  reward_statement_entries: RewardStatementEntriesTable;
  reward_cycle_runs: RewardCycleRunsTable;
  reward_cycle_progress: RewardCycleProgressTable;
  reward_cycle_sums: RewardCycleSumsTable;
  withdrawal_codes: WithdrawalCodesTable;
  withdrawals: WithdrawalsTable;
  withdrawal_flagged_payments: WithdrawalFlaggedPaymentsTable;
  withdrawal_totals: WithdrawalTotalsTable;
  payout_batches: PayoutBatchesTable;
  payout_batch_withdrawals: PayoutBatchWithdrawalsTable;
  payout_batch_exports: PayoutBatchExportsTable;
  payout_batch_demo_payments: PayoutBatchDemoPaymentsTable;
  withdrawal_demo_payments: WithdrawalDemoPaymentsTable;
  treasury_transfers: TreasuryTransfersTable;
  treasury_seen_transfers: TreasurySeenTransfersTable;
  payout_safe_proposals: PayoutSafeProposalsTable;
  safe_executions: SafeExecutionsTable;
  account_tokens: AccountTokensTable;
  sign_in_attempts: SignInAttemptsTable;
  account_mail_requests: AccountMailRequestsTable;
  exchange_uid_checks: ExchangeUidChecksTable;
  mail_outbox: MailOutboxTable;
  notice_cursors: NoticeCursorsTable;
  deposit_transfers: DepositTransfersTable;
  deposit_quarantine: DepositQuarantineTable;
  chain_scan_cursors: ChainScanCursorsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  audit_log: AuditLogTable;
  reward_plans: RewardPlansTable;
  admin_totp: AdminTotpTable;
  admin_totp_recovery_codes: AdminTotpRecoveryCodesTable;
  admin_invitations: AdminInvitationsTable;
  registration_client_addresses: RegistrationClientAddressesTable;
  risk_events: RiskEventsTable;
  risk_event_members: RiskEventMembersTable;
  withdrawal_address_attempts: WithdrawalAddressAttemptsTable;
  risk_backfill: RiskBackfillTable;
}

export type UserRow = Selectable<UsersTable>;
/** A user who holds a referral code: every member (migration 0244's check) and the network root. */
export type CodeHolderRow = UserRow & { referral_code: string };
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MailRow = Selectable<MailOutboxTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type WithdrawalCodeRow = Selectable<WithdrawalCodesTable>;
export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
