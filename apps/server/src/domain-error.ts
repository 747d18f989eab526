import { accountMessages } from '@uplink/contract/accounts';
import type { FieldError } from '@uplink/contract/envelope';
import type { ErrorCode } from '@uplink/contract/error-codes';

/**
 * An error a client is meant to see. Services throw it with a code and a message only; the central
 * error handler answers it with the status that `errorStatuses` gives the code.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      errors?: FieldError[];
      requiresVerification?: boolean;
      /** More of the refusal for the client (`data`), e.g. when a limited action is allowed again. */
      data?: Record<string, unknown>;
      /** Seconds until the request may succeed: the answer's Retry-After. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
  }
}

/**
 * Something the request needs is not answering (the database, the chain), or the server is
 * stopping: answered 503 with `SERVICE_UNAVAILABLE` and a message that says to try again.
 */
export class ServiceUnavailableError extends Error {
  override name = 'ServiceUnavailableError';

  /** When to try again (the Retry-After header), when that is known. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, options: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, { cause: options.cause });
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const unauthorized = (message = 'Authentication required') => new DomainError('UNAUTHORIZED', message);
export const forbidden = (message = 'Administrator access required') => new DomainError('FORBIDDEN', message);
/** The sign-in cool-down and the LOCKED status an administrator sets alike; the message tells them apart. */
export const accountLocked = (message: string = accountMessages.accountLocked) =>
  new DomainError('ACCOUNT_LOCKED', message);
export const accountDisabled = () => new DomainError('ACCOUNT_DISABLED', accountMessages.accountDisabled);
export const validationFailed = (errors: FieldError[], message = errors.map((e) => e.message).join('. ')) =>
  new DomainError('VALIDATION_ERROR', message, { errors });
