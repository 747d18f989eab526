import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { CardHeader } from '../../../components/card';
import type { ReportSource } from './report-source-toggle';

/** What the volume column holds in each view. */
export const volumeLabels: Record<ReportSource, string> = {
  sample: 'Trading volume',
  live: 'Master trader share',
};

/** Above the reports: the sample's warning that none of it is real. */
export function SampleDataNotice() {
  return (
    <Alert tone="info" title="Sample data">
      These members and figures are fixed examples that show the report; none of them is real. Choose Live for the same
      columns computed from your members' actual activity.
    </Alert>
  );
}

/** The reports card's title, what its figures are, and a badge naming the view. */
export function ReportsCardHeader({ source }: { source: ReportSource }) {
  return source === 'sample' ? (
    <CardHeader
      title="Sample reports"
      subtitle="Fixed sample rows; nothing is fetched. Amounts in USDT."
      actions={<Badge tone="amber">Sample data</Badge>}
    />
  ) : (
    <CardHeader
      title="Live reports"
      subtitle="Newest members first; amounts in USDT. Master trader share: what the member's copy trading paid the master trader, from the cycle statements."
      actions={<Badge tone="green">Live</Badge>}
    />
  );
}
