import type { ExtendRiskHoldRequest, RiskEvent } from '@uplink/contract/risk';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { riskEventsKeys } from './get-risk-events';

/**
 * POST /admin/risk/events/{id}/members/{memberId}/hold: the event's hold extended to an earlier
 * holder, with a note. The queue reloads after a refusal too (the event may be resolved meanwhile).
 */
export function useExtendRiskHold(eventId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ExtendRiskHoldRequest) =>
      (
        await api.post<RiskEvent>(
          `/admin/risk/events/${encodeURIComponent(eventId)}/members/${encodeURIComponent(memberId)}/hold`,
          request,
        )
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: riskEventsKeys.all }),
  });
}
