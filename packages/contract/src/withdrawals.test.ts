import { describe, expect, it } from 'vitest';
import { createWithdrawalRequestSchema, isValidWalletAddress, toChecksumAddress } from './withdrawals';

describe('wallet addresses', () => {
  // EIP-55's own test vectors.
  const vectors = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(vectors)('checksums %s as EIP-55 does', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(isValidWalletAddress(address)).toBe(true);
  });

  it('accepts all-lower and all-upper case (no checksum) and refuses a mixed case that does not match', () => {
    expect(isValidWalletAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidWalletAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true);
    expect(isValidWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
  });

  it.each([
    '',
    '0x',
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
    '0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  ])('refuses %j', (address) => expect(isValidWalletAddress(address)).toBe(false));
});

describe('a withdrawal request', () => {
  const valid = {
    amount: '12.5',
    walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    asset: 'USDT',
    otp: '123456',
  };
  it('keeps the amount exact', () => {
    expect(createWithdrawalRequestSchema.parse({ ...valid, amount: 0.1 }).amount).toBe('0.1');
  });
  it.each([
    [0, 'Enter an amount of at least 0.01 USDT'],
    ['0.00', 'Enter an amount of at least 0.01 USDT'],
    ['0.001', 'Use at most 2 decimals'],
    ['5.123', 'Use at most 2 decimals'],
    [-1, 'Invalid withdrawal amount'],
    ['1e3', 'Invalid withdrawal amount'],
    ['ten', 'Invalid withdrawal amount'],
    ['', 'Invalid withdrawal amount'],
  ])('refuses the amount %j saying what to enter: %s', (amount, message) => {
    const parsed = createWithdrawalRequestSchema.safeParse({ ...valid, amount });
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['amount'], message })]);
  });
  it.each(['12345', '1234567', 'abcdef', ''])('refuses the code %j', (otp) => {
    expect(createWithdrawalRequestSchema.safeParse({ ...valid, otp }).success).toBe(false);
  });
  it('refuses another asset', () => {
    expect(createWithdrawalRequestSchema.safeParse({ ...valid, asset: 'BTC' }).success).toBe(false);
  });
});
