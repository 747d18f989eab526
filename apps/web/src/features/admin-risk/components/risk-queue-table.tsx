import { formatCount, formatDateTime, fullName } from '@uplink/contract/format';
import {
  type RiskEvent,
  type RiskEvents,
  riskEventStatusLabels,
  riskRuleTexts,
  riskTexts,
} from '@uplink/contract/risk';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import { RiskSeverityBadge } from '../../../components/risk-mark-badge';
import { actionColumn, type Column } from '../../../components/table';
import { TwoLineCell } from '../../../components/table-cells';
import { loadFailure } from '../../../lib/error-text';
import type { UseQueryResult } from '../../../lib/query';

/** The first members by name, and how many more. */
function memberNames(event: RiskEvent): string {
  const shown = event.members.slice(0, 2).map(fullName).join(', ');
  const more = event.memberCount - 2;
  return more > 0 ? `${shown} and ${formatCount(more)} more` : shown;
}

function queueColumns(selectedId: string | null, onOpen: (event: RiskEvent) => void): Column<RiskEvent>[] {
  return [
    {
      key: 'rule',
      header: 'Rule',
      card: 'title',
      cell: (event) => (
        <TwoLineCell
          main={riskRuleTexts[event.rule].title}
          detail={
            <>
              Opened <span className="whitespace-nowrap">{formatDateTime(event.createdAt)}</span>
            </>
          }
        />
      ),
    },
    {
      key: 'severity',
      header: 'Severity',
      card: 'status',
      cell: (event) => <RiskSeverityBadge severity={event.severity} />,
    },
    {
      key: 'members',
      header: 'Members',
      cell: (event) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900 tabular-nums">{formatCount(event.memberCount)}</p>
          <p className="text-slate-500 text-xs">{memberNames(event)}</p>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (event) => (
        <div className="space-y-1">
          <Badge tone={event.status === 'OPEN' ? 'blue' : 'grey'}>{riskEventStatusLabels[event.status]}</Badge>
          {event.resolvedBy ? <p className="text-slate-500 text-xs">by {event.resolvedBy}</p> : null}
        </div>
      ),
    },
    actionColumn({
      key: 'open',
      header: 'Action',
      cell: (event) => (
        <Button
          variant={event._id === selectedId ? 'primary' : 'secondary'}
          size="sm"
          className="whitespace-nowrap"
          aria-pressed={event._id === selectedId}
          aria-label={`Open the ${riskRuleTexts[event.rule].title.toLowerCase()} cluster of ${memberNames(event)}`}
          onClick={(click) => {
            click.stopPropagation();
            onOpen(event);
          }}
        >
          Open cluster
        </Button>
      ),
    }),
  ];
}

const wording: ListWording = {
  caption: 'Risk events',
  noun: 'events',
  failure: loadFailure(riskTexts.loadFailed, riskTexts.loadFailed),
  emptyTitle: riskTexts.emptyQueue,
  emptyDescription: 'Accounts that look run by one person appear here as they sign up, pay and withdraw.',
  noneMatching: 'No risk event matches these filters.',
};

/** A page of the queue, most severe first; a row opens its cluster view. */
export function RiskQueueTable({
  events,
  filtered,
  selectedId,
  onOpen,
  onPageChange,
}: {
  events: UseQueryResult<RiskEvents>;
  /** A filter narrows the queue beyond its open events (the empty state says so). */
  filtered: boolean;
  selectedId: string | null;
  onOpen: (event: RiskEvent) => void;
  onPageChange: (page: number) => void;
}) {
  return (
    <PagedTable
      query={events}
      rowsIn="events"
      wording={wording}
      filtered={filtered}
      onPageChange={onPageChange}
      columns={queueColumns(selectedId, onOpen)}
      onRowClick={onOpen}
    />
  );
}
