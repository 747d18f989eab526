import { describe, expect, it } from 'vitest';
import { recoveryCodesText } from './recovery-codes-file';

describe('recoveryCodesText', () => {
  it('names the account and lists one code a line', () => {
    const text = recoveryCodesText(
      ['k7fq2-m9xpa', 'abcde-23456'],
      'admin@uplink.test',
      new Date('2026-03-02T10:00:00Z'),
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('Uplink recovery codes for admin@uplink.test');
    expect(lines[1]).toMatch(/^Created .+\. Each code signs you in once, in place of an authenticator code\.$/);
    expect(lines.slice(3, 5)).toEqual(['k7fq2-m9xpa', 'abcde-23456']);
    expect(text.endsWith('\n')).toBe(true);
  });
});
