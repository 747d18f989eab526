import {
  type WithdrawalDecisionRequest,
  type WithdrawalReview,
  withdrawalDecisionSchema,
  withdrawalReviewSchema,
  withdrawalSchema,
} from '@uplink/contract/withdrawals';
import { QueryState } from '../../../components/query-state';
import { onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator } from '../../../testing/sample-data';
import { useWithdrawalReview } from '../api/get-withdrawal-review';
import { WithdrawalReviewPanels } from './withdrawal-review';

/** The review panels as the review page shows them, reloading with the server's answers. */
function Review() {
  const review = useWithdrawalReview('withdrawal-1');
  return (
    <QueryState query={review} failure="Failed to load">
      {(data) => <WithdrawalReviewPanels id="withdrawal-1" review={data} />}
    </QueryState>
  );
}

/**
 * The review of withdrawal-1 as the server answers `review.current` (a test changes it as the
 * server's state moves on), its decisions recorded and accepted as sent.
 */
export function renderReview(initial: WithdrawalReview) {
  const review = { current: initial };
  const decisions: WithdrawalDecisionRequest[] = [];
  onApi('get', '/withdrawals/admin/:id', { response: withdrawalReviewSchema }, () => review.current);
  onApi('put', '/withdrawals/:id', { request: withdrawalDecisionSchema, response: withdrawalSchema }, ({ body }) => {
    decisions.push(body);
    const { user: _member, internalNote: _note, ...decided } = { ...review.current.withdrawal, status: body.status };
    review.current = { ...review.current, withdrawal: { ...review.current.withdrawal, ...decided } };
    return decided;
  });
  const rendered = renderScreen(<Review />, {
    path: '/admin/withdrawals/:id',
    at: '/admin/withdrawals/withdrawal-1',
    signedInAs: anAdministrator(),
  });
  return { ...rendered, review, decisions };
}
