import { Counter } from 'prom-client';
import { metricsRegistry } from '../../metrics-registry';

const flaggedWithdrawalPayments = new Counter({
  name: 'uplink_withdrawal_payments_flagged_total',
  help: 'Payments recorded for withdrawals already rejected or blocked: money sent that the ledger does not show (listed on the withdrawal review)',
  registers: [metricsRegistry],
});

/** Counts a payment newly flagged (the same payment recorded again is not counted again). */
export function countFlaggedWithdrawalPayment(): void {
  flaggedWithdrawalPayments.inc();
}
