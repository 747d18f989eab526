import { isValidWalletAddress, withdrawalTexts } from '@uplink/contract/withdrawals';
import { Decimal } from 'decimal.js';

/** What the form says about its inputs before a code is requested: null when it may go on. */
export function withdrawalFormError(amount: string, walletAddress: string, balance: number): string | null {
  if (amount.trim() === '' || walletAddress.trim() === '') return withdrawalTexts.fillRequired;
  if (!isValidWalletAddress(walletAddress.trim())) return withdrawalTexts.invalidAddress;
  if (!/^\d+(\.\d{1,2})?$/.test(amount.trim())) return withdrawalTexts.invalidAmount;
  const value = new Decimal(amount.trim());
  if (value.lte(0) || value.gt(balance)) return withdrawalTexts.invalidAmount;
  return null;
}

/** The live line under the address field: nothing while it is empty. */
export function addressHint(walletAddress: string): { valid: boolean; text: string } | null {
  if (walletAddress.trim() === '') return null;
  return isValidWalletAddress(walletAddress.trim())
    ? { valid: true, text: withdrawalTexts.addressValid }
    : { valid: false, text: withdrawalTexts.addressFormatInvalid };
}

/** The code field keeps digits only, at most 6. */
export const onlyCodeDigits = (value: string) => value.replace(/\D/g, '').slice(0, 6);
