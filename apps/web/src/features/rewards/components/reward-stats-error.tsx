import { rewardTexts } from '@uplink/contract/reward-texts';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';

/** 'Failed to load reward stats' with Retry (dashboard and rewards page). */
export function RewardStatsError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="error" title={rewardTexts.loadStatsFailed}>
      <Button variant="secondary" size="sm" className="mt-1" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
