import { accountMessages } from '@uplink/contract/accounts';
import type { FieldError } from '@uplink/contract/envelope';
import type { ErrorCode } from '@uplink/contract/error-codes';

/**
 * An error a client is meant to see. Services throw it; the central error handler turns it
 * into the envelope with its status and code.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode = 400,
    readonly extra: { errors?: FieldError[]; requiresVerification?: boolean } = {},
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Authentication required') => new DomainError('UNAUTHORIZED', message, 401);
export const forbidden = (message = 'Administrator access required') => new DomainError('FORBIDDEN', message, 403);
/**
 * One status per code, wherever it is thrown: ACCOUNT_LOCKED is 423 for the sign-in cool-down and
 * for the LOCKED status an administrator sets alike (the message tells them apart).
 */
export const accountLocked = (message: string = accountMessages.accountLocked) =>
  new DomainError('ACCOUNT_LOCKED', message, 423);
export const accountDisabled = () => new DomainError('ACCOUNT_DISABLED', accountMessages.accountDisabled, 403);
export const notFound = (code: ErrorCode, message: string) => new DomainError(code, message, 404);
export const validationFailed = (errors: FieldError[], message = errors.map((e) => e.message).join('. ')) =>
  new DomainError('VALIDATION_ERROR', message, 400, { errors });
