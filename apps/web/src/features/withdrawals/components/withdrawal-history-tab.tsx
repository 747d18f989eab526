import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { lazyComponent } from '../../../components/route-table';

/**
 * The withdrawal history, its texts and explorer links, in their own chunk: the rewards page opens
 * on its rewards history, and loads this only when the member opens the withdrawals tab.
 */
const WithdrawalHistory = lazyComponent(async () => (await import('./withdrawal-history')).WithdrawalHistory);

/** The withdrawals tab of the rewards page: its history once its code has loaded. */
export function WithdrawalHistoryTab() {
  return (
    <Suspense fallback={<Loading />}>
      <WithdrawalHistory />
    </Suspense>
  );
}
