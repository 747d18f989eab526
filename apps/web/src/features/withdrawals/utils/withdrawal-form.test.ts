import { withdrawalTexts } from '@uplink/contract/withdrawals';
import { describe, expect, it } from 'vitest';
import { addressHint, maxWithdrawalAmount, onlyCodeDigits, withdrawalFormError } from './withdrawal-form';

const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('the withdrawal form', () => {
  it.each([
    ['', address, undefined, withdrawalTexts.fillRequired],
    ['10', '', undefined, withdrawalTexts.fillRequired],
    ['10', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'walletAddress', withdrawalTexts.invalidAddress],
    ['10', '0x1234', 'walletAddress', withdrawalTexts.invalidAddress],
    ['0', address, 'amount', 'Enter an amount of at least 0.01 USDT'],
    ['-1', address, 'amount', withdrawalTexts.invalidAmount],
    ['1000', address, 'amount', 'The amount is more than your available balance (28.10 USDT)'],
    ['28.11', address, 'amount', 'The amount is more than your available balance (28.10 USDT)'],
    ['5.123', address, 'amount', 'Use at most 2 decimals'],
    ['1e2', address, 'amount', withdrawalTexts.invalidAmount],
  ])('amount %j to %j: under %s, %s', (amount, wallet, field, text) => {
    expect(withdrawalFormError(amount, wallet, 28.1)).toEqual({ field, text });
  });

  it('lets a valid request through, up to the whole balance', () => {
    expect(withdrawalFormError('50', address, 50)).toBeNull();
    expect(withdrawalFormError('0.01', address.toLowerCase(), 50)).toBeNull();
  });

  it("fills 'Max' with the whole balance in cents, exactly as the request takes it", () => {
    expect(maxWithdrawalAmount(36.6)).toBe('36.60');
    expect(maxWithdrawalAmount(0.1 + 0.2)).toBe('0.30');
    expect(maxWithdrawalAmount(36.6047)).toBe('36.60');
    expect(maxWithdrawalAmount(1234567.89)).toBe('1234567.89');
    expect(maxWithdrawalAmount(0.009)).toBe('');
    expect(maxWithdrawalAmount(0)).toBe('');
    for (const balance of [36.6, 1234567.89, 0.07]) {
      expect(withdrawalFormError(maxWithdrawalAmount(balance), address, balance)).toBeNull();
    }
  });

  it('says live whether the address is valid', () => {
    expect(addressHint('')).toBeNull();
    expect(addressHint('0x12')).toEqual({ valid: false, text: withdrawalTexts.addressFormatInvalid });
    expect(addressHint(address)).toEqual({ valid: true, text: withdrawalTexts.addressValid });
  });

  it('keeps digits only in the code, at most six', () => {
    expect(onlyCodeDigits('12a3 45-678')).toBe('123456');
  });
});
