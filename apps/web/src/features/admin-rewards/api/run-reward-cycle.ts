import type { RewardCycleRun, RewardCycleRunRequest } from '@uplink/contract/reward-runs';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminRewardsKeys } from './get-admin-rewards';
import { rewardCycleRunsKeys } from './get-reward-cycle-runs';

/** POST /rewards/admin/cycles: distributes the cycle; the runs and the rewards reload. */
export function useRunRewardCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: RewardCycleRunRequest) =>
      (await api.post<RewardCycleRun>('/rewards/admin/cycles', request)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardCycleRunsKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminRewardsKeys.all }),
      ]),
  });
}
