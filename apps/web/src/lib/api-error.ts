import type { errorEnvelopeSchema, FieldError } from '@uplink/contract/envelope';
import type { ErrorCode } from '@uplink/contract/error-codes';
import type { z } from 'zod';

/** The reply to a refused call, as the contract describes it. */
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * A failed call: the server's code and its own words (empty when it sent none), or NETWORK_ERROR
 * when no answer came. What a user reads about it is chosen in `error-text.ts`.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly envelope: ErrorEnvelope | null = null,
  ) {
    super(message);
  }

  /** The fields a VALIDATION_ERROR refused (`data.errors`). */
  get fieldErrors(): FieldError[] {
    return this.envelope?.data?.errors ?? [];
  }

  get fieldMessages(): string[] {
    return this.fieldErrors.map((error) => error.message);
  }

  get requiresVerification(): boolean {
    return this.envelope?.requiresVerification === true;
  }
}

/**
 * Why the server refused a stored session: it expired or ended, the account was locked or
 * disabled, or an owner suspended the administrator.
 */
export type SessionEndReason = Extract<
  ErrorCode,
  'UNAUTHORIZED' | 'ACCOUNT_LOCKED' | 'ACCOUNT_DISABLED' | 'ADMIN_SUSPENDED'
>;
