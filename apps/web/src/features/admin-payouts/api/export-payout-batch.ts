import type { PayoutExportFormat } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';

/**
 * GET /withdrawals/admin/batches/{id}/export?format=&part=: one part of the Safe{Wallet} files,
 * named by the server. The first download starts the batch's payment.
 */
export function exportPayoutBatch(id: string, format: PayoutExportFormat, part: number) {
  return api.download(`/withdrawals/admin/batches/${encodeURIComponent(id)}/export`, { query: { format, part } });
}
