import type { PayoutExportFormat } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';

/** GET /withdrawals/admin/batches/{id}/export?format=: the Safe{Wallet} file, named by the server. */
export function exportPayoutBatch(id: string, format: PayoutExportFormat) {
  return api.download(`/withdrawals/admin/batches/${encodeURIComponent(id)}/export`, { query: { format } });
}
