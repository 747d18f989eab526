import { otpLength } from '@uplink/contract/constants';
import type { ErrorCode } from '@uplink/contract/error-codes';
import { formatMoney } from '@uplink/contract/format';
import { createWithdrawalRequestSchema, withdrawalTexts } from '@uplink/contract/withdrawals';
import { Decimal } from 'decimal.js';

/** The API's own rules for each field of a withdrawal (the contract's schema). */
const rules = createWithdrawalRequestSchema.shape;

/** The field a withdrawal's problem is about, shown under it; none for the form as a whole. */
export type WithdrawalField = 'amount' | 'walletAddress';
export interface WithdrawalProblem {
  field?: WithdrawalField;
  text: string;
}

/**
 * What the form says about its inputs before a code is requested: null when it may go on. The
 * address and the amount are checked by the API's rules, in its words ("Use at most 2 decimals"),
 * and the balance in the words the server refuses it with, naming the balance.
 */
export function withdrawalFormError(amount: string, walletAddress: string, balance: number): WithdrawalProblem | null {
  if (amount.trim() === '' || walletAddress.trim() === '')
    return { field: undefined, text: withdrawalTexts.fillRequired };
  const address = rules.walletAddress.safeParse(walletAddress);
  if (!address.success) {
    return { field: 'walletAddress', text: address.error.issues[0]?.message ?? withdrawalTexts.invalidAddress };
  }
  const parsed = rules.amount.safeParse(amount);
  if (!parsed.success)
    return { field: 'amount', text: parsed.error.issues[0]?.message ?? withdrawalTexts.invalidAmount };
  if (new Decimal(parsed.data).gt(balance)) {
    return {
      field: 'amount',
      text: withdrawalTexts.amountOverBalance(formatMoney(balance, { rounding: 'floor' })),
    };
  }
  return null;
}

/**
 * What 'Max' fills in: the whole available balance as the exact decimal text a request accepts
 * (whole cents; a remainder under a cent stays in the balance), never through a float.
 */
export function maxWithdrawalAmount(balance: number): string {
  const whole = new Decimal(balance).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return whole.gt(0) ? whole.toFixed(2) : '';
}

const refusedFields: Partial<Record<ErrorCode, WithdrawalField>> = {
  INSUFFICIENT_BALANCE: 'amount',
  WALLET_ADDRESS_IN_USE: 'walletAddress',
};

/**
 * The field a refusal of the code request or of the withdrawal is about, to show its text under
 * it: by its code, or by the field a VALIDATION_ERROR names.
 */
export function refusedField(code: ErrorCode, fieldErrors: readonly { field: string }[]): WithdrawalField | undefined {
  const named = fieldErrors.find((error) => error.field === 'amount' || error.field === 'walletAddress');
  return refusedFields[code] ?? (named?.field as WithdrawalField | undefined);
}

/** The live line under the address field: nothing while it is empty. */
export function addressHint(walletAddress: string): { valid: boolean; text: string } | null {
  if (walletAddress.trim() === '') return null;
  return rules.walletAddress.safeParse(walletAddress).success
    ? { valid: true, text: withdrawalTexts.addressValid }
    : { valid: false, text: withdrawalTexts.addressFormatInvalid };
}

/** What the code step says before the code is checked: the API's rule for a code, in the form's words. */
export function codeFormError(otp: string): string | null {
  if (rules.otp.safeParse(otp).success) return null;
  return otp.trim() === '' ? withdrawalTexts.enterOtp : withdrawalTexts.invalidOtp;
}

/** The code field keeps digits only, at most as many as a code has. */
export const onlyCodeDigits = (value: string) => value.replace(/\D/g, '').slice(0, otpLength);
