import { Readable } from 'node:stream';
import { statementRangeQuerySchema } from '@uplink/contract/statements';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CsvDownload, exportMemberRewards, exportMemberWithdrawals } from './export-member-statements';

/**
 * Sends a CSV file as it is produced. Closing the connection destroys the stream, which returns
 * its generator: no further chunk is read.
 */
export function sendCsv(reply: FastifyReply, download: CsvDownload) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(download.body, { objectMode: false }));
}

/** A member's statements of rewards and withdrawals, for a range of days. */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rewards/user/export',
    {
      config: { access: 'member', csvDownload: 'A CSV file, one reward a line, then `Total`' },
      schema: {
        tags: ['rewards'],
        summary: 'Your rewards of a date range as CSV, exact amounts, the last line their total',
        security: [{ bearer: [] }],
        querystring: statementRangeQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv(reply, await exportMemberRewards(app.context, request.currentUser.id, request.query)),
  );

  app.get(
    '/withdrawals/export',
    {
      config: { access: 'member', csvDownload: 'A CSV file, one withdrawal a line, then `Total`' },
      schema: {
        tags: ['withdrawals'],
        summary: 'Your withdrawals of a date range as CSV, exact amounts, the last line their total',
        security: [{ bearer: [] }],
        querystring: statementRangeQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv(reply, await exportMemberWithdrawals(app.context, request.currentUser.id, request.query)),
  );
};
