import type { Envelope } from '@uplink/contract/envelope';
import { type ErrorCode, isErrorCode } from '@uplink/contract/error-codes';
import { ApiError, type ErrorEnvelope, type SessionEndReason } from './api-error';
import { sessionEndNotice } from './error-text';
import { tokenStorage } from './storage';

export type QueryValue = string | number | boolean | null | undefined | QueryObject;
export interface QueryObject {
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

/** The reason a refusal of a call made with the stored session ends that session, or null if it does not. */
export function sessionEndReason(status: number, code: ErrorCode): SessionEndReason | null {
  if (code === 'ACCOUNT_LOCKED' || code === 'ACCOUNT_DISABLED' || code === 'ADMIN_SUSPENDED') return code;
  if (status === 401) return 'UNAUTHORIZED';
  return null;
}

type SessionRejectedListener = (reason: SessionEndReason, notice: string) => void;
const sessionRejectedListeners = new Set<SessionRejectedListener>();

/**
 * Called when the server refuses the stored session token (expired, or the account was locked or
 * disabled meanwhile), so the session can end instead of every screen failing one by one.
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

/** The call sent with the session token; NETWORK_ERROR when no answer came. */
async function send(
  method: string,
  path: string,
  options: RequestOptions,
  accept: string,
): Promise<{ response: Response; storedToken: string | null }> {
  const query = options.query ? toQueryString(options.query) : '';
  const headers: Record<string, string> = { accept };
  const storedToken = options.token === undefined ? tokenStorage.get() : null;
  const token = options.token ?? storedToken;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`/api${path}${query ? `?${query}` : ''}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    return { response, storedToken };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK_ERROR', '', 0);
  }
}

/** The answer's envelope, or the refusal it carries thrown as an ApiError (a rejected session told to listeners). */
async function envelopeOf<T>(response: Response, storedToken: string | null): Promise<Envelope<T>> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!isEnvelope(body)) throw new ApiError('NETWORK_ERROR', '', response.status);
  if (!response.ok || !body.success) {
    const failure = body as ErrorEnvelope;
    const code = isErrorCode(failure.errorCode) ? failure.errorCode : 'UNKNOWN_ERROR';
    const message = failure.message || failure.error || '';
    const endReason = storedToken ? sessionEndReason(response.status, code) : null;
    if (endReason) {
      const notice = sessionEndNotice(endReason, message);
      for (const listener of sessionRejectedListeners) listener(endReason, notice);
    }
    throw new ApiError(code, message, response.status, failure);
  }
  return body as Envelope<T>;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { response, storedToken } = await send(method, path, options, 'application/json');
  return envelopeOf<T>(response, storedToken);
}

/** A file the API sends (a CSV or JSON export): its name and content; a refusal is thrown as any call's is. */
export interface DownloadedFile {
  fileName: string;
  content: Blob;
  /** The answer's headers: what the server says about the file beside it. */
  headers: Headers;
}

/**
 * A file is an answer sent as an attachment: a JSON export is told from a JSON refusal by its
 * Content-Disposition, not by its type.
 */
async function download(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<DownloadedFile> {
  const { response, storedToken } = await send('GET', path, options, 'text/csv, application/json');
  if (!response.ok || !response.headers.get('content-disposition')?.startsWith('attachment')) {
    await envelopeOf(response, storedToken);
    throw new ApiError('NETWORK_ERROR', '', response.status);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  return { fileName, content: await response.blob(), headers: response.headers };
}

/** Anything but an envelope (a proxy's HTML error page, an empty body) means the API did not answer. */
function isEnvelope(body: unknown): body is { success: boolean } {
  return typeof body === 'object' && body !== null && typeof (body as { success?: unknown }).success === 'boolean';
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
  download,
};
