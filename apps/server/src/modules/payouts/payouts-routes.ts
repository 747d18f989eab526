import { Readable } from 'node:stream';
import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import { formatCount } from '@uplink/contract/format';
import {
  createPayoutBatchSchema,
  payoutBatchDetailQuerySchema,
  payoutBatchDetailSchema,
  payoutBatchesQuerySchema,
  payoutBatchesSchema,
  payoutBatchSchema,
  payoutExportQuerySchema,
} from '@uplink/contract/payout-batches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { totpRequiredForPayouts } from '../admin-totp/totp-for-payouts';
import { requestingAdministrator } from '../audit/requesting-administrator';
import { approvePayoutBatch } from './approve-payout-batch';
import { createPayoutBatch } from './create-payout-batch';
import { deletePayoutBatch } from './delete-payout-batch';
import { exportPayoutBatch } from './export-payout-batch';
import { listPayoutBatches, viewPayoutBatch } from './view-payout-batches';

const idParams = z.object({ id: z.string().max(100) });
/**
 * A selection of the largest batch (100,000 ids of 36 characters, quoted, with commas) is about
 * 3.9 MB: the body may be that large here, so that one id too many is refused as such (VALIDATION_ERROR)
 * rather than as a body too large. Only an administrator's request gets this far.
 */
const selectionBodyLimit = 4 * 1024 * 1024;

/** Payout batches (issue 24): pending withdrawals gathered, exported for Safe{Wallet}, approved by a second administrator. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const totpRequired = totpRequiredForPayouts(app.context);

  app.post(
    '/withdrawals/admin/batches',
    {
      config: { access: 'admin' },
      onRequest: totpRequired,
      bodyLimit: selectionBodyLimit,
      schema: {
        tags: ['withdrawals'],
        summary: 'Gather pending withdrawals into a payout batch: a selection, or all that the list filter matches',
        description:
          'All or nothing: a withdrawal that does not exist (WITHDRAWAL_NOT_FOUND), is no longer pending (WITHDRAWAL_ALREADY_PROCESSED) or is in an open batch (WITHDRAWAL_ALREADY_BATCHED) is named in the message and in `data.errors`, and nothing is batched. A filter matching nothing is PAYOUT_BATCH_EMPTY, more than 100,000 PAYOUT_BATCH_TOO_LARGE. Audited.',
        security: [{ bearer: [] }],
        body: createPayoutBatchSchema,
        response: { 200: envelopeSchema(payoutBatchSchema), 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const batch = await createPayoutBatch(app.context, requestingAdministrator(request), request.body);
      return ok(batch, `Payout batch of ${formatCount(batch.count, ['withdrawal', 'withdrawals'])} created`);
    },
  );

  app.get(
    '/withdrawals/admin/batches',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['withdrawals'],
        summary: 'Payout batches, newest first, with their counts, totals, status and approval',
        security: [{ bearer: [] }],
        querystring: payoutBatchesQuerySchema,
        response: { 200: envelopeSchema(payoutBatchesSchema) },
      },
    },
    async (request) => ok(await listPayoutBatches(app.context, request.query), 'Payout batches'),
  );

  app.get(
    '/withdrawals/admin/batches/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['withdrawals'],
        summary: 'A payout batch and a page of the withdrawals still in it, in the order of its files',
        security: [{ bearer: [] }],
        params: idParams,
        querystring: payoutBatchDetailQuerySchema,
        response: { 200: envelopeSchema(payoutBatchDetailSchema) },
      },
    },
    async (request) => ok(await viewPayoutBatch(app.context, request.params.id, request.query), 'Payout batch'),
  );

  app.delete(
    '/withdrawals/admin/batches/:id',
    {
      config: { access: 'admin' },
      onRequest: totpRequired,
      schema: {
        tags: ['withdrawals'],
        summary: 'Delete a payout batch with nothing paid: its withdrawals can be batched again',
        description: 'A batch with an approved withdrawal is kept (PAYOUT_BATCH_HAS_PAYMENTS). Audited.',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelopeSchema(z.null()), 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await deletePayoutBatch(app.context, requestingAdministrator(request), request.params.id);
      return ok(null, 'Payout batch deleted');
    },
  );

  app.post(
    '/withdrawals/admin/batches/:id/approve',
    {
      config: { access: 'admin' },
      onRequest: totpRequired,
      schema: {
        tags: ['withdrawals'],
        summary: "A second administrator's approval of a payout batch (four eyes); idempotent",
        description:
          'Needed before a batch above PAYOUT_SECOND_APPROVAL_ABOVE can be exported; never by its creator (PAYOUT_APPROVAL_BY_CREATOR). Audited.',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelopeSchema(payoutBatchSchema) },
      },
    },
    async (request) =>
      ok(
        await approvePayoutBatch(app.context, requestingAdministrator(request), request.params.id),
        'Payout batch approved',
      ),
  );

  app.get(
    '/withdrawals/admin/batches/:id/export',
    {
      config: {
        access: 'admin',
        fileDownload: {
          description:
            'safe-csv: the Safe CSV Airdrop file (`token_type,token_address,receiver,amount,id`); safe-json: a Safe Transaction Builder batch of USDT `transfer` calls. One line per withdrawal still to pay.',
          mediaTypes: ['text/csv', 'application/json'],
        },
        failures: [409],
      },
      onRequest: totpRequired,
      schema: {
        tags: ['withdrawals'],
        summary: 'The payment file of a payout batch for Safe{Wallet}: the withdrawals still to pay; audited',
        description:
          'Refused with PAYOUT_APPROVAL_REQUIRED while a batch above PAYOUT_SECOND_APPROVAL_ABOVE lacks its second approval.',
        security: [{ bearer: [] }],
        params: idParams,
        querystring: payoutExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportPayoutBatch(
        app.context,
        requestingAdministrator(request),
        request.params.id,
        request.query.format,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(file.body, { objectMode: false }));
    },
  );
};
