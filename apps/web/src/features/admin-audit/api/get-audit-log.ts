import { type AuditLog, type AuditLogQuery, auditLogPageSize } from '@uplink/contract/audit';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

/** The contract's query as a client sends it (moments as ISO strings), with the page asked for. */
export type AuditLogPageQuery = AuditLogQuery & { page: number };

export const auditLogKeys = {
  all: ['admin-audit-log'] as const,
  page: (query: AuditLogPageQuery) => [...auditLogKeys.all, query] as const,
};

/** GET /admin/audit-log: one page of the audit log at its page size, newest first. */
export async function getAuditLog(query: AuditLogPageQuery, signal?: AbortSignal): Promise<AuditLog> {
  const { data } = await api.get<AuditLog>('/admin/audit-log', {
    // Empty values are left out of the query.
    query: {
      page: query.page,
      limit: auditLogPageSize,
      action: query.action,
      actor: query.actor?.trim(),
      targetId: query.targetId?.trim(),
      from: query.from,
      to: query.to,
    },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads; asks nothing while `enabled` is false. */
export function useAuditLog(query: AuditLogPageQuery, enabled: boolean) {
  return useQuery({
    queryKey: auditLogKeys.page(query),
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
