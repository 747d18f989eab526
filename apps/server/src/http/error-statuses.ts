import type { ErrorCode } from '@uplink/contract/error-codes';

/**
 * The HTTP status of every error code, in one table: services throw a code, never a status, so a
 * code answers with the same status wherever it is thrown.
 */
export const errorStatuses: Record<ErrorCode, number> = {
  USER_NOT_FOUND: 404,
  USER_EXISTS: 409,
  EMAIL_ALREADY_VERIFIED: 400,
  INVALID_OR_EXPIRED_TOKEN: 400,
  TOKEN_REQUIRED: 400,
  INVALID_REFERRAL_CODE: 400,
  WALLET_CREATION_FAILED: 500,
  ACCOUNT_LOCKED: 423,
  ACCOUNT_DISABLED: 403,
  EMAIL_NOT_VERIFIED: 403,
  BINGX_UID_ALREADY_SET: 409,
  BINGX_UID_ALREADY_EXISTS: 409,
  BINGX_UID_INELIGIBLE: 400,
  BINGX_UID_INCOMPLETE_KYC: 400,
  BINGX_UID_INSUFFICIENT_DEPOSIT: 400,
  EXCHANGE_UNAVAILABLE: 503,
  SUBSCRIPTION_NOT_PAID: 403,
  INSUFFICIENT_BALANCE: 400,
  TOO_MANY_PENDING_WITHDRAWALS: 409,
  ACCOUNT_NOT_ACTIVE: 403,
  WITHDRAWAL_NOT_FOUND: 404,
  WITHDRAWAL_ALREADY_PROCESSED: 409,
  WITHDRAWAL_PAYMENT_IN_PROGRESS: 409,
  WITHDRAWAL_PAYMENT_SEEN: 409,
  INSUFFICIENT_BALANCE_FOR_APPROVAL: 409,
  WALLET_ADDRESS_IN_USE: 409,
  INVALID_OTP: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  BAD_REQUEST: 400,
  INVALID_STATUS: 400,
  INTERNAL_SERVER_ERROR: 500,
  VALIDATION_ERROR: 400,
  // Named by the web app when no answer arrives; the server never sends it.
  NETWORK_ERROR: 503,
  CURRENT_PASSWORD_INCORRECT: 400,
  SAME_PASSWORD_ERROR: 400,
  // The spec's catalogue lists this success code beside the errors; it is never thrown.
  PASSWORD_CHANGED_SUCCESSFULLY: 200,
  UNKNOWN_ERROR: 500,
  // The password was right; the second factor is still missing (the answer carries a challenge).
  TOTP_REQUIRED: 401,
  // Not 401: a wrong code on a signed-in call (turning the factor off) must not end the session.
  INVALID_TOTP: 400,
  // The exchange answered, but with nothing where copiers are expected: a gateway problem, not the request's.
  EXCHANGE_STATEMENT_EMPTY: 502,
  REWARD_CYCLE_BUSY: 409,
  PAYOUT_BATCH_NOT_FOUND: 404,
  WITHDRAWAL_ALREADY_BATCHED: 409,
  PAYOUT_BATCH_EMPTY: 409,
  PAYOUT_BATCH_TOO_LARGE: 400,
  PAYOUT_BATCH_HAS_PAYMENTS: 409,
  PAYOUT_APPROVAL_REQUIRED: 409,
  PAYOUT_APPROVAL_BY_CREATOR: 403,
  PAYOUT_APPROVAL_BY_EXPORTER: 403,
  PAYOUT_BATCH_PAYMENT_UNDER_WAY: 409,
  PAYOUT_BATCH_PART_NOT_FOUND: 404,
  PAYOUT_PART_ALREADY_PROPOSED: 409,
  PAYOUT_BATCH_FILES_EXPORTED: 409,
  PAYOUT_BATCH_QUEUED_IN_SAFE: 409,
  SAFE_NOT_CONFIGURED: 409,
  // A signed-in administrator who lacks the second factor this action needs: not 401, the session stands.
  ADMIN_TOTP_REQUIRED: 403,
  ADMIN_INVITATION_EXISTS: 409,
  LAST_OWNER: 409,
  ADMIN_SELF_CHANGE: 409,
  // Like a session whose version changed: a suspended administrator's sessions are over.
  ADMIN_SUSPENDED: 401,
  // The database is busy, a service the request needs is not answering, or the server is stopping.
  SERVICE_UNAVAILABLE: 503,
  MEMBER_UNDER_REVIEW: 409,
  RISK_EVENT_NOT_FOUND: 404,
  RISK_EVENT_ALREADY_RESOLVED: 409,
  RISK_EVENT_MEMBER_NOT_FOUND: 404,
  // Refused before the withdrawal code is used: the member tries again with an address of their own.
  WALLET_ADDRESS_OF_ANOTHER_MEMBER: 409,
  INVITEE_NOT_FOUND: 404,
  // With when a reminder is allowed again (`data.allowedAt`, and Retry-After).
  REMINDER_TOO_SOON: 429,
  REMINDER_NOT_NEEDED: 409,
  INVITEE_UNSUBSCRIBED: 409,
};
