import type { ResolveRiskEventRequest, RiskResolutionResult } from '@uplink/contract/risk';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { riskEventsKeys } from './get-risk-events';

/**
 * POST /admin/risk/events/{id}/resolve: dismiss or confirm with a note. The queue reloads after a
 * refusal too — another administrator may have resolved the event meanwhile.
 */
export function useResolveRiskEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (resolution: ResolveRiskEventRequest) =>
      (await api.post<RiskResolutionResult>(`/admin/risk/events/${encodeURIComponent(id)}/resolve`, resolution)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: riskEventsKeys.all }),
  });
}
