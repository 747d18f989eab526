import { Readable } from 'node:stream';
import { adminUsersQuerySchema } from '@uplink/contract/admin-users';
import { auditLogQuerySchema } from '@uplink/contract/audit';
import { adminRewardsExportQuerySchema, statementRangeQuerySchema } from '@uplink/contract/statements';
import { adminWithdrawalsQuerySchema } from '@uplink/contract/withdrawals';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestingAdministrator } from '../audit/requesting-administrator';
import { exportAuditLog, exportRewards, exportUsers, exportWithdrawals } from './export-admin-lists';
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

  const adminExports = [
    ['/users/admin/all/export', 'members.export', 'admin', 'Members', adminUsersQuerySchema, exportUsers],
    [
      '/withdrawals/admin/all/export',
      'withdrawals.export',
      'withdrawals',
      'Withdrawals',
      adminWithdrawalsQuerySchema,
      exportWithdrawals,
    ],
    ['/rewards/admin/all/export', 'rewards.export', 'rewards', 'Rewards', adminRewardsExportQuerySchema, exportRewards],
    ['/admin/audit-log/export', 'audit.export', 'audit', 'Audit log entries', auditLogQuerySchema, exportAuditLog],
  ] as const;
  for (const [url, permission, tag, what, querystring, exportList] of adminExports) {
    app.get(
      url,
      {
        config: { access: { permission }, csvDownload: `A CSV file, one line each, newest first` },
        schema: {
          tags: [tag],
          summary: `${what} as filtered on their screen (the list's query), as CSV streamed in constant memory; audited`,
          security: [{ bearer: [] }],
          querystring,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          await (exportList as (...args: unknown[]) => Promise<CsvDownload>)(
            app.context,
            requestingAdministrator(request),
            request.query,
          ),
        ),
    );
  }
};
