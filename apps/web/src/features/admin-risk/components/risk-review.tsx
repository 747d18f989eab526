import type { RiskEvent, RiskResolution, RiskResolutionResult } from '@uplink/contract/risk';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Card, CardHeader } from '../../../components/card';
import { RefreshButton } from '../../../components/refresh-button';
import { useRiskEvents } from '../api/get-risk-events';
import { ResolveRiskDialog } from './resolve-risk-dialog';
import { RiskCluster } from './risk-cluster';
import { hasRiskFilter, RiskFilters, riskFilterParams, riskFiltersFrom } from './risk-filters';
import { RiskQueueTable } from './risk-queue-table';
import { RiskStatCards } from './risk-stat-cards';

/**
 * The risk queue (statistics, filters, events most severe first) and, under it, the cluster of the
 * event opened (`?event=` keeps it in the address, so a member's page can link to it), resolved
 * through a confirmation with a note.
 */
export function RiskReview() {
  const [params, setParams] = useSearchParams();
  const filters = riskFiltersFrom(params);
  const [page, setPage] = useState(1);
  const events = useRiskEvents({ ...filters, page });
  const openedId = params.get('event');
  const [opened, setOpened] = useState<RiskEvent | null>(null);
  const [outcome, setOutcome] = useState<RiskResolutionResult | null>(null);
  const [resolving, setResolving] = useState<RiskResolution | null>(null);
  const clusterRef = useRef<HTMLDivElement>(null);

  // The opened event as the queue now has it; else as it was opened, or as its resolution answered.
  const cluster =
    events.data?.events.find((event) => event._id === openedId) ??
    [outcome?.event, opened].find((event) => event?._id === openedId) ??
    null;

  const open = (event: RiskEvent) => {
    setOpened(event);
    setParams({ ...riskFilterParams(filters), event: event._id });
  };
  useEffect(() => {
    if (opened) clusterRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [opened]);

  return (
    <div className="space-y-6">
      <RiskStatCards statistics={events.data?.statistics} loading={events.isPending} />
      <Card>
        <CardHeader
          title="Queue"
          subtitle="Most severe first, newest first within a severity"
          actions={<RefreshButton size="sm" busy={events.isFetching} onClick={() => events.refetch()} />}
        />
        <RiskFilters
          values={filters}
          onChange={(values) => {
            setPage(1);
            setParams({ ...riskFilterParams(values), ...(openedId ? { event: openedId } : {}) });
          }}
        />
        <RiskQueueTable
          events={events}
          filtered={hasRiskFilter(filters)}
          selectedId={openedId}
          onOpen={open}
          onPageChange={setPage}
        />
      </Card>
      {openedId && !cluster && events.data ? (
        <Alert tone="info" title="The event asked for is not on this page of the queue.">
          Change the filters (status, severity, rule) or the page to find it.
        </Alert>
      ) : null}
      {cluster ? (
        <div ref={clusterRef} className="scroll-mt-6">
          <RiskCluster
            event={cluster}
            outcome={outcome}
            onResolve={setResolving}
            onClose={() => setParams(riskFilterParams(filters))}
          />
        </div>
      ) : null}
      {cluster && resolving ? (
        <ResolveRiskDialog
          event={cluster}
          resolution={resolving}
          onClose={() => setResolving(null)}
          onResolved={(result) => {
            setOutcome(result);
            setResolving(null);
          }}
        />
      ) : null}
    </div>
  );
}
