import { formatDateTime } from '@uplink/contract/format';
import { describe, expect, it } from 'vitest';
import { describeChange, fieldLabel, formatRecordedValue } from './describe-change';

describe('what an audit entry changed', () => {
  it('lists only the fields that differ when both sides were recorded', () => {
    expect(
      describeChange(
        { _id: 'w1', amount: 10, status: 'PENDING', transactionHash: null, processedAt: null },
        { _id: 'w1', amount: 10, status: 'APPROVED', transactionHash: '0xabc', processedAt: '2026-03-05T10:00:00Z' },
      ),
    ).toEqual([
      { field: 'Status', before: 'PENDING', after: 'APPROVED' },
      { field: 'Transaction hash', before: '—', after: '0xabc' },
      { field: 'Processed at', before: '—', after: formatDateTime('2026-03-05T10:00:00Z') },
    ]);
  });

  it('lists fields that appear or disappear', () => {
    expect(describeChange({ userId: 'UP1000001', status: 'ACTIVE' }, { status: 'DISABLED', deleted: true })).toEqual([
      { field: 'User ID', before: 'UP1000001', after: undefined },
      { field: 'Status', before: 'ACTIVE', after: 'DISABLED' },
      { field: 'Deleted', before: undefined, after: 'true' },
    ]);
  });

  it('lists every field of a side recorded alone', () => {
    expect(describeChange(null, { cycle: 7, unknownUids: ['1', '2'] })).toEqual([
      { field: 'Cycle', before: undefined, after: '7' },
      { field: 'Unknown UIDs', before: undefined, after: '["1","2"]' },
    ]);
    expect(describeChange(null, null)).toEqual([]);
  });

  it('shows a recorded value that is not an object as one unnamed field', () => {
    expect(describeChange('LOCKED', 'ACTIVE')).toEqual([{ field: '', before: 'LOCKED', after: 'ACTIVE' }]);
  });

  it('words field names and values readably', () => {
    expect(fieldLabel('lockedCreditsForfeited')).toBe('Locked credits forfeited');
    expect(fieldLabel('userId')).toBe('User ID');
    expect(fieldLabel('totpEnabled')).toBe('TOTP enabled');
    expect(formatRecordedValue(false)).toBe('false');
    expect(formatRecordedValue({ a: 1 })).toBe('{"a":1}');
  });

  it('shows a recorded moment in the en-US date with hour and minute, like every date on the screens', () => {
    expect(formatRecordedValue('2026-03-02T10:00:00.000Z')).toBe(formatDateTime('2026-03-02T10:00:00.000Z'));
    expect(formatRecordedValue('2026-03-02T10:00:00.000Z')).toMatch(/^Mar 2, 2026, \d{2}:\d{2} [AP]M$/);
    expect(
      describeChange({ processedAt: null }, { processedAt: '2026-03-02T10:00:00+00:00' }).map((change) => change.after),
    ).toEqual([formatDateTime('2026-03-02T10:00:00+00:00')]);
    // Text that only starts like a date stays as recorded.
    expect(formatRecordedValue('2026-03-02 is the day')).toBe('2026-03-02 is the day');
  });
});
