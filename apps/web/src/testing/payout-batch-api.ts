import {
  type CreatePayoutBatchRequest,
  createPayoutBatchSchema,
  payoutBatchesSchema,
  payoutBatchSchema,
  unmatchedTransfersSchema,
} from '@uplink/contract/payout-batches';
import { type AdminWithdrawal, adminWithdrawalsSchema } from '@uplink/contract/withdrawals';
import { onApi } from './api-server';
import { anAdminWithdrawal, anAdminWithdrawalsPage, aPayoutBatch } from './sample-data';

export const ids = {
  ann: '11111111-1111-4111-8111-111111111111',
  bob: '22222222-2222-4222-8222-222222222222',
  cy: '33333333-3333-4333-8333-333333333333',
  dee: '44444444-4444-4444-8444-444444444444',
};
const bob = { _id: 'member-2', userId: 'UP1000043', firstName: 'Bob', lastName: 'Ray', email: 'bob@example.com' };
const withdrawals: AdminWithdrawal[] = [
  anAdminWithdrawal({ _id: ids.ann, amount: 20.1 }),
  anAdminWithdrawal({ _id: ids.bob, amount: 10.2, user: bob }),
  anAdminWithdrawal({ _id: ids.cy, amount: 5, status: 'APPROVED', user: { ...bob, firstName: 'Cy' } }),
  anAdminWithdrawal({ _id: ids.dee, amount: 7, inOpenBatch: true, user: { ...bob, firstName: 'Dee' } }),
];

/**
 * The admin withdrawals list as the server answers it, four rows (three pending, one in a batch); a search for
 * "ann" matches 7 pending withdrawals in all; a batch created is `batch-7`. Returns the batch
 * requests the server received.
 */
export function answerWithdrawalsToBatch() {
  const created: CreatePayoutBatchRequest[] = [];
  onApi('get', '/withdrawals/admin/all', { response: adminWithdrawalsSchema }, ({ url }) => {
    if (url.searchParams.get('status') === 'PENDING') {
      return anAdminWithdrawalsPage([withdrawals[0] as AdminWithdrawal], url.searchParams.get('search') ? 7 : 2);
    }
    return anAdminWithdrawalsPage(withdrawals);
  });
  onApi(
    'post',
    '/withdrawals/admin/batches',
    { request: createPayoutBatchSchema, response: payoutBatchSchema },
    ({ body }) => {
      created.push(body);
      return aPayoutBatch({ _id: 'batch-7' });
    },
  );
  return created;
}

/** The Batches tab's lists as the server answers them: one batch, no unmatched transfer. */
export function answerOneBatchAndNoUnmatchedTransfers() {
  const noPages = {
    currentPage: 1,
    totalPages: 0,
    totalRecords: 0,
    limit: 20,
    hasNextPage: false,
    hasPrevPage: false,
  };
  onApi('get', '/withdrawals/admin/batches', { response: payoutBatchesSchema }, () => ({
    batches: [aPayoutBatch()],
    pagination: { ...noPages, totalPages: 1, totalRecords: 1, resultsCount: 1 },
  }));
  onApi('get', '/withdrawals/admin/unmatched-transfers', { response: unmatchedTransfersSchema }, () => ({
    transfers: [],
    pagination: { ...noPages, resultsCount: 0 },
  }));
}
