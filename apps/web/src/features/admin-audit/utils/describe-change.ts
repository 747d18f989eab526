import { formatDateTime } from '@uplink/contract/format';

/** A moment as the server records it: ISO 8601 in UTC, e.g. 2026-03-02T10:00:00.000Z. */
const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** One field an administrator action touched: its value before and after (absent where there was none). */
export interface FieldChange {
  field: string;
  before?: string;
  after?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A recorded JSON value as one readable line; a recorded moment in the screens' en-US date and time. */
export function formatRecordedValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return isoMoment.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Words the product writes in capitals. */
const acronyms: Record<string, string> = { id: 'ID', ids: 'IDs', uid: 'UID', uids: 'UIDs', totp: 'TOTP', ip: 'IP' };

/** `transactionHash` → 'Transaction hash', `totpEnabled` → 'TOTP enabled'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word) => acronyms[word] ?? word)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What an audit entry changed, field by field. With both sides recorded only the fields whose
 * value differs are listed; with one side (a cycle run has only an "after") every field of it is.
 * A side that is not an object (any JSON may be recorded) is one unnamed field.
 */
export function describeChange(before: unknown, after: unknown): FieldChange[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if ((hasBefore && !isRecord(before)) || (hasAfter && !isRecord(after))) {
    return [
      {
        field: '',
        before: hasBefore ? formatRecordedValue(before) : undefined,
        after: hasAfter ? formatRecordedValue(after) : undefined,
      },
    ];
  }
  const beforeFields = hasBefore ? (before as Record<string, unknown>) : {};
  const afterFields = hasAfter ? (after as Record<string, unknown>) : {};
  const fields = [...new Set([...Object.keys(beforeFields), ...Object.keys(afterFields)])];
  return fields
    .filter(
      (field) => !hasBefore || !hasAfter || JSON.stringify(beforeFields[field]) !== JSON.stringify(afterFields[field]),
    )
    .map((field) => ({
      field: fieldLabel(field),
      before: hasBefore && field in beforeFields ? formatRecordedValue(beforeFields[field]) : undefined,
      after: hasAfter && field in afterFields ? formatRecordedValue(afterFields[field]) : undefined,
    }));
}
