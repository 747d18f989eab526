import type { RiskEvents, RiskEventsQuery } from '@uplink/contract/risk';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

/** The queue's page size: a cluster view sits under it, so a page stays short. */
export const riskQueuePageSize = 20;

/** The filters of the queue with the page asked for. */
export type RiskQueueQuery = Pick<RiskEventsQuery, 'status' | 'severity' | 'rule'> & { page: number };

/** Every risk query sits under `all`, so a resolution reloads the queue and its statistics. */
export const riskEventsKeys = {
  all: ['admin-risk-events'] as const,
  page: (query: RiskQueueQuery) => [...riskEventsKeys.all, query] as const,
};

/** GET /admin/risk/events: a page of events, most severe first, with the open statistics of all. */
export async function getRiskEvents(query: RiskQueueQuery, signal?: AbortSignal): Promise<RiskEvents> {
  const { data } = await api.get<RiskEvents>('/admin/risk/events', {
    query: {
      status: query.status,
      severity: query.severity,
      rule: query.rule,
      page: query.page,
      limit: riskQueuePageSize,
    },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads. */
export function useRiskEvents(query: RiskQueueQuery) {
  return useQuery({
    queryKey: riskEventsKeys.page(query),
    queryFn: ({ signal }) => getRiskEvents(query, signal),
    placeholderData: keepPreviousData,
  });
}
