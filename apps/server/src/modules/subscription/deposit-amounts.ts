import { Decimal } from 'decimal.js';

/**
 * What the deposit ledger holds: `deposit_transfers.amount` and a period's `subscription_amount`
 * are NUMERIC(38,18), so an amount below 10^20 USDT with at most 18 decimals.
 */
const ledgerLimit = new Decimal('1e20');
const ledgerDecimals = 18;

/** Null when the deposit ledger can hold `amount` (USDT, a decimal string); else why not. */
export function amountBeyondLedger(amount: string): string | null {
  const value = new Decimal(amount);
  if (value.lt(ledgerLimit) && value.decimalPlaces() <= ledgerDecimals) return null;
  return `The amount (${value.toFixed()} USDT) exceeds what the deposit ledger holds (NUMERIC(38,18))`;
}
