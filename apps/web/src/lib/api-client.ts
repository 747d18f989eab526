import type { Envelope } from '@uplink/contract/envelope';
import { type ErrorCode, errorTexts, isErrorCode } from '@uplink/contract/error-codes';
import { tokenStorage } from './storage';

/** A failed call: the server's envelope when there was one, else a NETWORK_ERROR. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly envelope: Partial<Envelope<unknown>> | null = null,
  ) {
    super(message);
  }

  /** Field messages of a VALIDATION_ERROR (`data.errors[].message`). */
  get fieldMessages(): string[] {
    const data = this.envelope?.data as { errors?: { message: string }[] } | null | undefined;
    return data?.errors?.map((error) => error.message) ?? [];
  }

  get requiresVerification(): boolean {
    return this.envelope?.requiresVerification === true;
  }
}

type QueryValue = string | number | boolean | null | undefined | QueryObject;
interface QueryObject {
  [key: string]: QueryValue;
}

/** Nested query objects are flattened as `key[sub]=value`; empty values are left out. */
export function toQueryString(query: QueryObject, prefix = ''): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object') {
      const nested = toQueryString(value, name);
      if (nested) parts.push(nested);
    } else {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

type SessionRejectedListener = () => void;
const sessionRejectedListeners = new Set<SessionRejectedListener>();

/**
 * Called when the server refuses the stored session token (expired, or the account was locked
 * meanwhile), so the session can end instead of every screen failing one by one.
 */
export function onSessionRejected(listener: SessionRejectedListener): () => void {
  sessionRejectedListeners.add(listener);
  return () => sessionRejectedListeners.delete(listener);
}

interface RequestOptions {
  query?: QueryObject;
  body?: unknown;
  signal?: AbortSignal;
  /** A session token to send instead of the stored one (checking a token before keeping it). */
  token?: string;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const query = options.query ? toQueryString(options.query) : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  const storedToken = options.token === undefined ? tokenStorage.get() : null;
  const token = options.token ?? storedToken;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}${query ? `?${query}` : ''}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK_ERROR', errorTexts.NETWORK_ERROR, 0);
  }

  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope !== 'object' || typeof envelope.success !== 'boolean') {
    throw new ApiError('NETWORK_ERROR', errorTexts.NETWORK_ERROR, response.status);
  }
  if (!response.ok || !envelope.success) {
    if (response.status === 401 && storedToken) for (const listener of sessionRejectedListeners) listener();
    const code = isErrorCode(envelope.errorCode) ? envelope.errorCode : 'UNKNOWN_ERROR';
    throw new ApiError(code, envelope.message || envelope.error || errorTexts[code], response.status, envelope);
  }
  return envelope;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/**
 * The one place that turns an error into the text a user reads: the server's own message
 * where it sent one, the catalogue text of its code otherwise, or the caller's fallback.
 */
export function errorMessage(error: unknown, fallback: string = errorTexts.UNKNOWN_ERROR): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK_ERROR') return errorTexts.NETWORK_ERROR;
    return error.message || errorTexts[error.code] || fallback;
  }
  return fallback;
}
