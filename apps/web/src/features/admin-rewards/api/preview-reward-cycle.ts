import type { RewardCyclePreview, RewardCycleRunRequest } from '@uplink/contract/reward-runs';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/**
 * POST /rewards/admin/cycles/preview: what running this statement (uploaded, or read from the
 * exchange) would do; nothing is written.
 */
export function usePreviewRewardCycle() {
  return useMutation({
    mutationFn: async (request: RewardCycleRunRequest) =>
      (await api.post<RewardCyclePreview>('/rewards/admin/cycles/preview', request)).data,
  });
}
