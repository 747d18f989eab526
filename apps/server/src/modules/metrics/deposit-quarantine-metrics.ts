import { Counter } from 'prom-client';
import { metricsRegistry } from '../../metrics-registry';

const quarantinedDepositLogs = new Counter({
  name: 'uplink_deposit_logs_quarantined_total',
  help: 'Deposit logs the scanner could not store and set aside (listed at GET /api/subscription/admin/quarantined-deposits)',
  registers: [metricsRegistry],
});

/** Counts deposit logs newly quarantined (a log read again is not counted again). */
export function countQuarantinedDepositLogs(count: number): void {
  if (count > 0) quarantinedDepositLogs.inc(count);
}
