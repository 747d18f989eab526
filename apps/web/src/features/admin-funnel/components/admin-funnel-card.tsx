import { formatConversion, formatCount, formatDate } from '@uplink/contract/format';
import type { AdminFunnel, FunnelStep } from '@uplink/contract/invitations';
import { useState } from 'react';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { FunnelChart } from '../../../components/funnel-chart';
import { QueryState } from '../../../components/query-state';
import { SelectField } from '../../../components/select-field';
import { DataTable } from '../../../components/table';
import { errorText, loadFailure } from '../../../lib/error-text';
import { Link } from '../../../lib/router/router';
import { useAdminFunnel } from '../api/get-admin-funnel';

const periods = [
  { value: '4', label: 'Last 4 weeks' },
  { value: '12', label: 'Last 12 weeks' },
  { value: '26', label: 'Last 26 weeks' },
  { value: '52', label: 'Last 52 weeks' },
];

/** The Monday (UTC) `weeks` − 1 weeks before this one: the report's `from`. */
function weeksBack(weeks: number): string {
  const today = new Date();
  const monday = today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday - (weeks - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
}

type Week = AdminFunnel['weeks'][number];
const countAt = (week: Week, step: FunnelStep) => week.steps.find((entry) => entry.step === step);
const weekCell = (step: FunnelStep) => (week: Week) => {
  const entry = countAt(week, step);
  return (
    <span className="tabular-nums">
      {formatCount(entry?.count ?? 0)}
      {entry?.conversion != null ? (
        <span className="ml-1 text-slate-500 text-xs">{formatConversion(entry.conversion)}</span>
      ) : null}
    </span>
  );
};

const weekColumns = [
  {
    key: 'week',
    header: 'Week of',
    card: 'title' as const,
    cell: (week: Week) => formatDate(`${week.weekStart}T00:00:00Z`),
  },
  { key: 'visits', header: 'Visits', cell: weekCell('VISITED') },
  { key: 'registered', header: 'Registered', cell: weekCell('REGISTERED') },
  { key: 'paid', header: 'Paid', cell: weekCell('SUBSCRIPTION_PAID') },
  { key: 'linked', header: 'UID linked', priority: 'low' as const, cell: weekCell('UID_LINKED') },
  { key: 'earning', header: 'Earning', priority: 'low' as const, cell: weekCell('EARNING') },
];

type BestLink = AdminFunnel['bestLinks'][number];
const bestColumns = [
  {
    key: 'member',
    header: 'Member',
    card: 'title' as const,
    cell: (link: BestLink) => (
      <Link to={`/admin/users/${link._id}`} className="font-medium text-brand-700 underline hover:text-brand-800">
        {link.name} <span className="text-slate-500">({link.userId})</span>
      </Link>
    ),
  },
  { key: 'visits', header: 'Visits', cell: (link: BestLink) => formatCount(link.visits) },
  { key: 'registered', header: 'Registered', cell: (link: BestLink) => formatCount(link.registered) },
  { key: 'paid', header: 'Paid', cell: (link: BestLink) => formatCount(link.paid) },
  { key: 'conversion', header: 'Visits → paid', cell: (link: BestLink) => formatConversion(link.conversion) },
];

/**
 * The invitation funnel for administrators: the network's (or, with `memberId`, one member's link)
 * over the chosen weeks, week by week, and — for the network — the links that convert best.
 */
export function AdminFunnelCard({ memberId, title }: { memberId?: string; title: string }) {
  const [weeks, setWeeks] = useState('12');
  const funnel = useAdminFunnel({ from: weeksBack(Number(weeks)), groupBy: 'week', memberId });
  return (
    <Card>
      <CardHeader
        title={title}
        subtitle="Unique link visits, and how far the people who registered each week got (conversion from the step before)."
        actions={
          <SelectField
            label="Weeks"
            hideLabel
            className="w-44"
            options={periods}
            value={weeks}
            onChange={(event) => setWeeks(event.target.value)}
          />
        }
      />
      <QueryState
        query={funnel}
        inset
        failure={errorText(
          funnel.error,
          loadFailure('The funnel could not be loaded', 'The funnel could not be loaded'),
        )}
      >
        {(data) => (
          <CardBody className="grid grid-cols-1 gap-8 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
            <FunnelChart steps={data.total.steps} partlyPaid={data.total.partlyPaid} label={title} />
            <div className="min-w-0 space-y-6">
              <DataTable
                caption="The funnel week by week"
                columns={weekColumns}
                rows={[...data.weeks].reverse()}
                rowKey={(week) => week.weekStart}
                loading={funnel.isFetching}
                emptyTitle="No weeks"
                foldBelow="md"
              />
              {memberId ? null : (
                <div>
                  <h3 className="mb-2 font-semibold text-slate-900 text-sm">
                    Best-converting links (all time, 20 visits or more)
                  </h3>
                  <DataTable
                    caption="Best-converting links"
                    columns={bestColumns}
                    rows={data.bestLinks}
                    loading={false}
                    emptyTitle="No link has 20 visits yet"
                    foldBelow="md"
                  />
                </div>
              )}
            </div>
          </CardBody>
        )}
      </QueryState>
    </Card>
  );
}
