import { type ErrorCode, errorTexts } from '@uplink/contract/error-codes';
import { ApiError, type SessionEndReason } from './api-error';

/**
 * The one place where an error becomes the text a user reads. The contract's catalogue
 * (`errorTexts`) words every code; a screen whose call has texts of its own (the reset screen's
 * 'Password reset token is invalid or has expired…') declares them in a `FailureWording` kept with
 * its feature, and `errorText` chooses between the two.
 */

/** In a wording: show the server's own message, or the catalogue text of its code when it sent none. */
export const serverMessage = Symbol('the server message');

type Wording = string | typeof serverMessage;

/** How one screen words the failures of one call; whatever it leaves out, the catalogue words. */
export interface FailureWording {
  /** A refusal with one of these codes. */
  codes?: Partial<Record<ErrorCode, Wording>>;
  /** A refusal with any other code (default: the server's message). */
  refusal?: Wording;
  /** A refusal with a 5xx status, whatever its code. */
  serverFault?: string;
  /** Where the server's message is shown but it sent none (default: the catalogue text of the code). */
  silentServer?: string;
  /** A VALIDATION_ERROR that names its fields lists their messages, joined with this. */
  fieldSeparator?: string;
  /** The call got no answer (default: the catalogue's connection text). */
  noAnswer?: string;
  /** Anything that is not a failed call, e.g. an exception in the screen (default: the catalogue's unexpected-error text). */
  exception?: string;
}

/**
 * How a screen words a load that failed: `refused` when the server said no, `unanswered` when no
 * answer came or the screen itself failed.
 */
export function loadFailure(refused: Wording, unanswered: string): FailureWording {
  return { refusal: refused, noAnswer: unanswered, exception: unanswered };
}

export function errorText(error: unknown, wording: FailureWording = {}): string {
  if (!(error instanceof ApiError)) return wording.exception ?? errorTexts.UNKNOWN_ERROR;
  if (error.code === 'NETWORK_ERROR') return wording.noAnswer ?? errorTexts.NETWORK_ERROR;
  if (error.status >= 500 && wording.serverFault !== undefined) return wording.serverFault;
  if (error.code === 'VALIDATION_ERROR' && wording.fieldSeparator !== undefined && error.fieldMessages.length > 0) {
    return error.fieldMessages.join(wording.fieldSeparator);
  }
  const chosen = wording.codes?.[error.code] ?? wording.refusal ?? serverMessage;
  if (chosen !== serverMessage) return chosen;
  return error.message || (wording.silentServer ?? errorTexts[error.code]);
}

/**
 * What the sign-in screen says about a session the server ended: the catalogue text of an expired
 * or ended session; for a locked or disabled account or a suspended administrator the server's own
 * text (from the contract), which tells a temporary cool-down from a lock only support can lift.
 */
export function sessionEndNotice(reason: SessionEndReason, message: string): string {
  if (reason === 'UNAUTHORIZED') return errorTexts.UNAUTHORIZED;
  return message || errorTexts[reason];
}
