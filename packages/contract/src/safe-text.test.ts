import { describe, expect, it } from 'vitest';
import { changePasswordError } from './password-rules';
import { registrationErrors } from './registration-rules';
import { fieldLabel, safeRequestText, safeText, unsafeTextIn } from './safe-text';
import { hasUnsafeCharacters } from './unsafe-text';

describe('safeText', () => {
  const firstName = safeText('First name').trim().min(1);

  it.each([
    ['NUL', 'Ada\u0000'],
    ['a bell', 'Ada\u0007'],
    ['a tab', 'Ada\tLovelace'],
    ['a line break', 'Ada\nLovelace'],
    ['DEL', 'Ada\u007F'],
    ['a C1 control', 'Ada\u0085'],
    ['a right-to-left override', 'Ada\u202Egnp.exe'],
    ['a left-to-right isolate', '\u2066Ada'],
    ['a zero-width space', 'A\u200Bda'],
    ['a byte-order mark', '\uFEFFAda'],
    ['a lone surrogate', 'Ada\uD800'],
  ])('refuses %s', (_label, value) => {
    const result = firstName.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('First name must not contain control or invisible characters');
  });

  it.each(['Ada Lovelace', "O'Brien-Smith", 'Zoë', 'Ελένη', '美咲', 'محمد', 'Ada 🚀'])('accepts %s', (value) => {
    expect(firstName.parse(value)).toBe(value);
  });

  it('is what the client-side rules use as well', () => {
    expect(hasUnsafeCharacters('plain text with spaces')).toBe(false);
    const errors = registrationErrors({
      firstName: 'Ada\u202E',
      lastName: 'Love\u0007lace',
      email: 'ada\u0000@example.com',
      referralCode: 'ABCD\u0000EF',
      password: 'Sunny!Day42',
      confirmPassword: 'Sunny!Day42',
      acceptTerms: true,
    });
    expect(errors).toEqual({
      firstName: 'First name must not contain control or invisible characters',
      lastName: 'Last name must not contain control or invisible characters',
      email: 'Email must not contain control or invisible characters',
      referralCode: 'Referral code must not contain control or invisible characters',
    });
    expect(
      changePasswordError({
        currentPassword: 'Sunny!Day42\u0000',
        newPassword: 'Fresh!Start77',
        confirmPassword: 'Fresh!Start77',
      }),
    ).toBe('Current password must not contain control or invisible characters');
  });
});

describe('safeRequestText: the rule every request part obeys before its own schema', () => {
  it('finds unsafe text at any depth, in arrays and in field names, naming each field', () => {
    const body = {
      reason: 'Fraud\u0000',
      entries: [{ bingXUID: '1000' }, { bingXUID: '10\u202E01' }],
      'na\u200Bme': 'x',
      amount: 12,
      nested: { note: null },
    };
    expect(unsafeTextIn(body)).toEqual([
      { path: ['reason'], message: 'Reason must not contain control or invisible characters' },
      { path: ['entries', 1, 'bingXUID'], message: 'Bing XUID must not contain control or invisible characters' },
      { path: ['na\u200Bme'], message: 'A field name must not contain control or invisible characters' },
    ]);
    expect(unsafeTextIn(['a\u0007'])).toEqual([
      { path: [0], message: 'Text must not contain control or invisible characters' },
    ]);
  });

  it('passes safe input through unchanged and refuses the rest with one issue per field', () => {
    const query = { search: "Zoë O'Brien", page: '2', status: ['PENDING', 'APPROVED'] };
    expect(safeRequestText.parse(query)).toEqual(query);
    const refused = safeRequestText.safeParse({ search: 'a\u0000', targetId: '\u200B' });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['search'], 'Search must not contain control or invisible characters'],
      [['targetId'], 'Target id must not contain control or invisible characters'],
    ]);
  });

  it('labels fields as people read them', () => {
    expect(['firstName', 'targetId', 'bingXUID', 'reason'].map(fieldLabel)).toEqual([
      'First name',
      'Target id',
      'Bing XUID',
      'Reason',
    ]);
  });
});
