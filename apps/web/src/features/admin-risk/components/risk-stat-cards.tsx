import { formatCount } from '@uplink/contract/format';
import type { RiskEvents } from '@uplink/contract/risk';
import { AlertIcon, FlagIcon } from '../../../components/icons';
import { LoadedStatCards } from '../../../components/stat-card';

/** The open events of every rule, whatever the filter, and how many of them hold money. */
export function RiskStatCards({
  statistics,
  loading,
}: {
  statistics: RiskEvents['statistics'] | undefined;
  loading: boolean;
}) {
  return (
    <LoadedStatCards
      figures={statistics}
      loading={loading}
      grid="grid grid-cols-2 gap-4"
      statistics={[
        {
          label: 'Open events',
          value: (stats) => formatCount(stats.open),
          hint: 'Waiting for a decision',
          icon: FlagIcon,
          accent: 'amber',
          testId: 'risk-open',
        },
        {
          label: 'Open high severity',
          value: (stats) => formatCount(stats.openHigh),
          hint: 'Their withdrawals are held',
          icon: AlertIcon,
          accent: 'violet',
          testId: 'risk-open-high',
        },
      ]}
    />
  );
}
