/** What the audit log records: every administrator action. */
export const auditActions = [
  'USER_STATUS_CHANGED',
  'USER_DELETED',
  'WITHDRAWAL_APPROVED',
  'WITHDRAWAL_REJECTED',
  'WITHDRAWAL_BLOCKED',
  'REWARD_CYCLE_RUN',
  'ADMIN_TOTP_ENROLLED',
  'ADMIN_TOTP_REMOVED',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditTargetTypes = ['USER', 'WITHDRAWAL', 'REWARD_CYCLE'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];
