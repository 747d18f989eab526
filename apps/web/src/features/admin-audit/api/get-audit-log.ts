import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditAction, type AuditLog, auditLogPageSize } from '@uplink/contract/audit';
import { api } from '../../../lib/api-client';
import { localDayEnd, localDayStart } from '../utils/local-day';

/** What the administrator chose on the audit screen; empty text and `undefined` mean "any". */
export interface AuditLogFilters {
  page: number;
  action: AuditAction | undefined;
  /** An administrator's `_id`, or a part of their name or e-mail. */
  actor: string;
  targetId: string;
  /** Calendar days (`YYYY-MM-DD`) in the administrator's own time zone, both included. */
  from: string;
  to: string;
}

export const auditLogKeys = {
  all: ['admin-audit-log'] as const,
  page: (filters: AuditLogFilters) => [...auditLogKeys.all, filters] as const,
};

/** GET /admin/audit-log: one page of the audit log, newest first. */
export async function getAuditLog(filters: AuditLogFilters, signal?: AbortSignal): Promise<AuditLog> {
  const { data } = await api.get<AuditLog>('/admin/audit-log', {
    // Empty values are left out of the query.
    query: {
      page: filters.page,
      limit: auditLogPageSize,
      action: filters.action,
      actor: filters.actor.trim(),
      targetId: filters.targetId.trim(),
      from: filters.from ? localDayStart(filters.from) : undefined,
      to: filters.to ? localDayEnd(filters.to) : undefined,
    },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads; asks nothing while `enabled` is false. */
export function useAuditLog(filters: AuditLogFilters, enabled: boolean) {
  return useQuery({
    queryKey: auditLogKeys.page(filters),
    queryFn: ({ signal }) => getAuditLog(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
