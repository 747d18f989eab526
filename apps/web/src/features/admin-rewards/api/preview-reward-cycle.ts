import { useMutation } from '@tanstack/react-query';
import type { RewardCyclePreview, StatementEntry } from '@uplink/contract/reward-runs';
import { api } from '../../../lib/api-client';

export interface RewardCyclePreviewRequest {
  cycle: number;
  entries: StatementEntry[];
}

/** POST /rewards/admin/cycles/preview: what running this statement would do; nothing is written. */
export function usePreviewRewardCycle() {
  return useMutation({
    mutationFn: async (request: RewardCyclePreviewRequest) =>
      (await api.post<RewardCyclePreview>('/rewards/admin/cycles/preview', request)).data,
  });
}
