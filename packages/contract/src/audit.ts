import { z } from 'zod';
import { adminRoles } from './admin-roles';
import { oneOfSchema } from './one-of';
import { adminListPaginationSchema, pageLimitSchema, pageNumberSchema } from './paging';
import { safeText } from './safe-text';

/** What the audit log records: every administrator action. */
export const auditActions = [
  'USER_STATUS_CHANGED',
  'USER_DELETED',
  'WITHDRAWAL_APPROVED',
  'WITHDRAWAL_REJECTED',
  'WITHDRAWAL_BLOCKED',
  'WITHDRAWAL_PAYMENT_RELEASED',
  'WITHDRAWAL_PAYMENT_FLAGGED',
  'REWARD_CYCLE_RUN',
  'ADMIN_TOTP_ENROLLED',
  'ADMIN_TOTP_REMOVED',
  'DATA_EXPORTED',
  'PAYOUT_BATCH_CREATED',
  'PAYOUT_BATCH_DELETED',
  'PAYOUT_BATCH_APPROVED',
  'PAYOUT_BATCH_EXPORTED',
  'PAYOUT_BATCH_PROPOSED',
  'PAYOUT_BATCH_PAID_FROM_DEMO_TREASURY',
  'PAYOUT_BATCH_RELEASED',
  'TREASURY_TRANSFER_UNMATCHED',
  'ADMIN_INVITED',
  'ADMIN_INVITATION_REVOKED',
  'ADMIN_INVITATION_ACCEPTED',
  'ADMIN_ROLE_CHANGED',
  'ADMIN_SUSPENDED',
  'ADMIN_REINSTATED',
  'ADMIN_REMOVED',
  'RISK_EVENT_DISMISSED',
  'RISK_EVENT_CONFIRMED',
  'RISK_HOLD_EXTENDED',
  'INVITATION_REMINDER_SENT',
  'MAIL_RESENT',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditTargetTypes = [
  'USER',
  'WITHDRAWAL',
  'REWARD_CYCLE',
  'EXPORT',
  'PAYOUT_BATCH',
  'TREASURY_TRANSFER',
  'ADMINISTRATOR',
  'ADMIN_INVITATION',
  'RISK_EVENT',
  'MAIL',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** How the audit screen names each action and kind of target. */
export const auditActionLabels: Record<AuditAction, string> = {
  USER_STATUS_CHANGED: 'Member status changed',
  USER_DELETED: 'Member deleted',
  WITHDRAWAL_APPROVED: 'Withdrawal approved',
  WITHDRAWAL_REJECTED: 'Withdrawal rejected',
  WITHDRAWAL_BLOCKED: 'Withdrawal blocked (compliance)',
  WITHDRAWAL_PAYMENT_RELEASED: 'Withdrawal payment claim released',
  WITHDRAWAL_PAYMENT_FLAGGED: 'Payment recorded for a closed withdrawal',
  REWARD_CYCLE_RUN: 'Reward cycle run',
  ADMIN_TOTP_ENROLLED: 'Two-factor sign-in turned on',
  ADMIN_TOTP_REMOVED: 'Two-factor sign-in turned off',
  DATA_EXPORTED: 'List exported (CSV)',
  PAYOUT_BATCH_CREATED: 'Payout batch created',
  PAYOUT_BATCH_DELETED: 'Payout batch deleted',
  PAYOUT_BATCH_APPROVED: 'Payout batch approved (second administrator)',
  PAYOUT_BATCH_EXPORTED: 'Payout batch exported for Safe',
  PAYOUT_BATCH_PROPOSED: 'Payout batch part proposed to the treasury Safe',
  PAYOUT_BATCH_PAID_FROM_DEMO_TREASURY: 'Payout batch paid from the demo treasury',
  PAYOUT_BATCH_RELEASED: 'Payout batch released (its payment given up)',
  TREASURY_TRANSFER_UNMATCHED: 'Treasury transfer matched no withdrawal',
  ADMIN_INVITED: 'Administrator invited',
  ADMIN_INVITATION_REVOKED: 'Administrator invitation revoked',
  ADMIN_INVITATION_ACCEPTED: 'Administrator invitation accepted',
  ADMIN_ROLE_CHANGED: 'Administrator role changed',
  ADMIN_SUSPENDED: 'Administrator suspended',
  ADMIN_REINSTATED: 'Administrator reinstated',
  ADMIN_REMOVED: 'Administrator removed',
  RISK_EVENT_DISMISSED: 'Risk event dismissed',
  RISK_EVENT_CONFIRMED: 'Risk event confirmed (members locked)',
  RISK_HOLD_EXTENDED: 'Risk hold extended to an earlier holder',
  INVITATION_REMINDER_SENT: 'Invitation reminder sent (by the sponsor)',
  MAIL_RESENT: 'Undelivered e-mail sent again',
};

export const auditTargetTypeLabels: Record<AuditTargetType, string> = {
  USER: 'Member',
  WITHDRAWAL: 'Withdrawal',
  REWARD_CYCLE: 'Reward cycle',
  EXPORT: 'Export',
  PAYOUT_BATCH: 'Payout batch',
  TREASURY_TRANSFER: 'Treasury transfer',
  ADMINISTRATOR: 'Administrator',
  ADMIN_INVITATION: 'Administrator invitation',
  RISK_EVENT: 'Risk event',
  MAIL: 'E-mail',
};

export const auditLogPageSize = 20;

export const auditLogTexts = {
  loadFailed: 'Failed to fetch the audit log',
  loadError: 'An error occurred while fetching the audit log',
  empty: 'No audit entries found',
  fromAfterTo: 'From must be on or before To',
  system: 'System',
} as const;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A moment bound of the audit query: an ISO 8601 date-time with its offset, or a calendar day
 * (UTC). A day as `from` starts at its first millisecond, as `to` it ends at its last, so both
 * bounds are inclusive either way.
 */
function momentBoundSchema(label: string, end: 'start' | 'end') {
  const message = `${label} must be an ISO 8601 date or date-time`;
  return z
    .union([z.iso.datetime({ offset: true, error: message }), z.iso.date({ error: message })], { error: message })
    .transform((value) => {
      if (!dayPattern.test(value)) return new Date(value);
      const start = new Date(`${value}T00:00:00.000Z`);
      return end === 'start' ? start : new Date(start.getTime() + 86_400_000 - 1);
    })
    .optional();
}

/**
 * `GET /api/admin/audit-log`: newest first. `actor` is an administrator's `_id`, or else a
 * case-insensitive substring of their name, e-mail or user ID; `targetId` is the exact id the
 * action was recorded on (a member's or withdrawal's `_id`, a cycle's number), or a member's user
 * ID (UP…) for the actions on that member.
 */
export const auditLogQuerySchema = z
  .object({
    page: pageNumberSchema,
    limit: pageLimitSchema(auditLogPageSize),
    actor: safeText('Actor').trim().max(100, 'Actor is at most 100 characters').optional(),
    action: oneOfSchema('Action', auditActions).optional(),
    targetType: oneOfSchema('Target type', auditTargetTypes).optional(),
    targetId: safeText('Target ID').trim().max(100, 'Target ID is at most 100 characters').optional(),
    from: momentBoundSchema('From', 'start'),
    to: momentBoundSchema('To', 'end'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: auditLogTexts.fromAfterTo,
    path: ['to'],
  });
/** What a client may send: every field optional, moments as ISO strings. */
export type AuditLogQuery = Partial<z.input<typeof auditLogQuerySchema>>;

/** The role of an administrator an entry names; null for a member (administrators are not members). */
const administratorRoleSchema = z.enum(adminRoles).nullable();

/** A person as an audit entry names them. */
const auditPersonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  userId: z.string(),
  adminRole: administratorRoleSchema,
});

export const auditLogEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(auditActions),
  /** The administrator who acted; null for the system (a scheduled job). */
  actor: auditPersonSchema.nullable(),
  targetType: z.enum(auditTargetTypes),
  targetId: z.string(),
  /** The member a USER entry is about, or the administrator an ADMINISTRATOR one is; null for other targets (or an id no one has). */
  target: z.object({ name: z.string(), userId: z.string(), adminRole: administratorRoleSchema }).nullable(),
  /** The JSON recorded as the record was before and became after (null where there was none). */
  before: z.unknown(),
  after: z.unknown(),
  ipAddress: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  pagination: adminListPaginationSchema,
});
export type AuditLog = z.infer<typeof auditLogSchema>;
