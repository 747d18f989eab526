import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import { formatCount } from '@uplink/contract/format';
import {
  createPayoutBatchSchema,
  payoutBatchDetailQuerySchema,
  payoutBatchDetailSchema,
  payoutBatchesQuerySchema,
  payoutBatchesSchema,
  payoutBatchReleaseSchema,
  payoutBatchSchema,
  payoutExportQuerySchema,
  proposePayoutPartQuerySchema,
  releasePayoutBatchSchema,
  safeProposalSchema,
  transfersLeftOutHeader,
} from '@uplink/contract/payout-batches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { requestingAdministrator } from '../audit/requesting-administrator';
import { approvePayoutBatch } from './approve-payout-batch';
import { createPayoutBatch } from './create-payout-batch';
import { deletePayoutBatch } from './delete-payout-batch';
import { exportPayoutBatch } from './export-payout-batch';
import { proposePayoutPart } from './propose-payout-part';
import { releasePayoutBatch } from './release-payout-batch';
import { listPayoutBatches, viewPayoutBatch } from './view-payout-batches';

/**
 * A selection of the largest batch (100,000 ids of 36 characters, quoted, with commas) is about
 * 3.9 MB: the body may be that large here, so that one id too many is refused as such (VALIDATION_ERROR)
 * rather than as a body too large. Only an administrator's request gets this far.
 */
const selectionBodyLimit = 4 * 1024 * 1024;

/** Payout batches (issues 24, 31): pending withdrawals gathered, exported for Safe{Wallet} in parts, approved by a second administrator, released when their payment is given up. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/withdrawals/admin/batches',
    {
      config: { access: { permission: 'payouts.manage' } },
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
      config: { access: { permission: 'payouts.read' } },
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
      config: { access: { permission: 'payouts.read' } },
      schema: {
        tags: ['withdrawals'],
        summary: 'A payout batch and a page of the withdrawals still in it, in the order of its files',
        description:
          "With its files' parts, the demo treasury's payment, its Safe proposals and the treasury Safe (`safe`: null without one; `proposing` when this server can propose to it). `filesDownloadedInPayment`: its files were downloaded in its payment under way, so it is not proposed to the Safe (PAYOUT_BATCH_FILES_EXPORTED) until it is released.",
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
      config: { access: { permission: 'payouts.manage' } },
      schema: {
        tags: ['withdrawals'],
        summary: 'Delete a payout batch with nothing paid: its withdrawals can be batched again',
        description:
          'A batch with an approved withdrawal is kept (PAYOUT_BATCH_HAS_PAYMENTS), and so is one whose payment is under way (PAYOUT_BATCH_PAYMENT_UNDER_WAY: exported or paid from the demo treasury, until released). Audited.',
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
      config: { access: { permission: 'payouts.manage' } },
      schema: {
        tags: ['withdrawals'],
        summary: "A second administrator's approval of a payout batch (four eyes); idempotent",
        description:
          'Needed before a batch can be exported past PAYOUT_SECOND_APPROVAL_ABOVE (the batch alone, or with what the exporting administrator exported unapproved in the last 24 hours); never by its creator (PAYOUT_APPROVAL_BY_CREATOR) nor by an administrator who exported it (PAYOUT_APPROVAL_BY_EXPORTER). Audited.',
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
        access: { permission: 'payouts.manage' },
        fileDownload: {
          description:
            "Part `part` of the files: safe-csv, the Safe CSV Airdrop file (`token_type,token_address,receiver,amount,id`, at most 499 transfers, no line break after the last); safe-json, a Safe Transaction Builder batch of USDT `transfer` calls (at most PAYOUT_TRANSFERS_PER_TRANSACTION, with the builder's `meta.checksum`). The transfers of the part still to pay.",
          mediaTypes: ['text/csv', 'application/json'],
        },
        failures: [409],
      },
      schema: {
        tags: ['withdrawals'],
        summary:
          "A part of a payout batch's payment files for Safe{Wallet}; the first export starts its payment; audited",
        description:
          'The first export (any format, any part) puts the batch in PAYMENT_UNDER_WAY: its withdrawals are claimed (no rejection, block, deletion, second batch or single payment) until the chain shows their payment or the batch is released, and numbered, so each part carries the same transfers at every download (less those paid since). `part` is 1-based; without it a one-part batch answers part 1 and a batch of more parts VALIDATION_ERROR; past the last PAYOUT_BATCH_PART_NOT_FOUND; a part with nothing left to pay PAYOUT_BATCH_EMPTY. PAYOUT_APPROVAL_REQUIRED when, without a second approval, the batch alone or with what the administrator exported in the last 24 hours exceeds PAYOUT_SECOND_APPROVAL_ABOVE; WITHDRAWAL_PAYMENT_IN_PROGRESS when one of its withdrawals has a payment of its own under way; PAYOUT_BATCH_PAYMENT_UNDER_WAY when the demo treasury pays it. A payment seen is a payment made: a first export of a batch holding a withdrawal that a treasury transfer on chain already pays (mined, confirmed or not) is WITHDRAWAL_PAYMENT_SEEN naming the transaction; a later download leaves such transfers out, counts them in the `x-transfers-left-out` header, and answers WITHDRAWAL_PAYMENT_SEEN when nothing else is left in the part.',
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
        request.query.part,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header(transfersLeftOutHeader, String(file.leftOut.length))
        .send(file.body);
    },
  );

  app.post(
    '/withdrawals/admin/batches/:id/propose',
    {
      config: { access: { permission: 'payouts.manage' } },
      schema: {
        tags: ['withdrawals'],
        summary:
          'Propose a part of a payout batch to the treasury Safe; the first proposal starts its payment; audited',
        description:
          "One Safe transaction per part: a MultiSend of its USDT transfers (at most PAYOUT_TRANSFERS_PER_TRANSACTION) at the Safe's next nonce, signed by the proposer (a delegate of the Safe, SAFE_PROPOSER_PRIVATE_KEY) and posted to the Safe Transaction Service, where the owners confirm and execute it. Starts or joins the batch's payment exactly as a first export does: same claims, same four-eyes rule (PAYOUT_APPROVAL_REQUIRED), same refusals (WITHDRAWAL_PAYMENT_IN_PROGRESS, WITHDRAWAL_PAYMENT_SEEN naming the transaction, PAYOUT_BATCH_PAYMENT_UNDER_WAY). Idempotent: a part already proposed in this payment answers its proposal and proposes nothing new. `part` as for an export. SAFE_NOT_CONFIGURED without a Safe, its service and the proposer; PAYOUT_BATCH_FILES_EXPORTED when the batch's files were downloaded in this payment (and an export of a proposed batch is PAYOUT_PART_ALREADY_PROPOSED).",
        security: [{ bearer: [] }],
        params: idParams,
        querystring: proposePayoutPartQuerySchema,
        response: {
          200: envelopeSchema(safeProposalSchema),
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { proposal, proposedNow } = await proposePayoutPart(
        app.context,
        requestingAdministrator(request),
        request.params.id,
        request.query.part,
      );
      return ok(
        proposal,
        proposedNow
          ? `Part ${proposal.part} proposed to the treasury Safe at nonce ${proposal.nonce}`
          : `Part ${proposal.part} was already proposed to the treasury Safe`,
      );
    },
  );

  app.post(
    '/withdrawals/admin/batches/:id/release',
    {
      config: { access: { permission: 'payouts.manage' } },
      schema: {
        tags: ['withdrawals'],
        summary: "Give up a payout batch's payment under way, with a reason: its withdrawals are no longer claimed",
        description:
          'Only when the Safe transaction was rejected or replaced: the batch returns to OPEN (PARTLY_PAID when part of it is paid) and its unpaid withdrawals can be paid, rejected or batched again; a payment that lands later is listed as an unmatched transfer. Refused while any transfer paying one of its unpaid withdrawals is on chain since the payment started, confirmed or not, or a demo payment is being sent (PAYOUT_BATCH_PAYMENT_UNDER_WAY); refused too while one of its Safe proposals is not decided on chain, whatever the Transaction Service lists, or the service (when configured) lists a queued transaction of the treasury Safe whose MultiSend transfers pay one of them, such as an imported file — named in the answer (PAYOUT_BATCH_QUEUED_IN_SAFE; a proposal replaced at its nonce, or failed, releases the batch by itself); above PAYOUT_SECOND_APPROVAL_ABOVE, refused to its creator and to an administrator who exported it (PAYOUT_APPROVAL_BY_CREATOR, PAYOUT_APPROVAL_BY_EXPORTER). `released` is false when no payment was under way. Audited with the reason.',
        security: [{ bearer: [] }],
        params: idParams,
        body: releasePayoutBatchSchema,
        response: { 200: envelopeSchema(payoutBatchReleaseSchema) },
      },
    },
    async (request) => {
      const release = await releasePayoutBatch(
        app.context,
        requestingAdministrator(request),
        request.params.id,
        request.body.reason,
      );
      return ok(release, release.released ? 'Payout batch released' : 'No payment of this batch was under way');
    },
  );
};
