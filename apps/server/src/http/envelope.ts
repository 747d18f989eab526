import type { ErrorCode } from '@uplink/contract/error-codes';

export function ok<T>(data: T, message = 'OK') {
  return { success: true as const, message, data, error: null, errorCode: null };
}

export function failure(code: ErrorCode, message: string, data: Record<string, unknown> | null = null) {
  return { success: false as const, message, data, error: message, errorCode: code };
}
