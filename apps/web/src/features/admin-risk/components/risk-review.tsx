import { rolesHolding } from '@uplink/contract/admin-roles';
import type { RiskEvent, RiskEventMember, RiskResolution, RiskResolutionResult } from '@uplink/contract/risk';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Card, CardHeader } from '../../../components/card';
import { RefreshButton } from '../../../components/refresh-button';
import { usePermissions } from '../../../lib/permissions';
import { useSearchParams } from '../../../lib/router/router';
import { useRiskEvents } from '../api/get-risk-events';
import { ExtendHoldDialog } from './extend-hold-dialog';
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
  const [extending, setExtending] = useState<RiskEventMember | null>(null);
  const clusterRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const canResolve = usePermissions()('risk.resolve');

  // The opened event as the queue now has it; else as it was opened, or as its resolution answered.
  const cluster =
    events.data?.events.find((event) => event._id === openedId) ??
    [outcome?.event, opened].find((event) => event?._id === openedId) ??
    null;

  const open = (event: RiskEvent) => {
    reveal.current = true;
    setOpened(event);
    setParams({ ...riskFilterParams(filters), event: event._id });
  };
  // Opening a cluster brings it into view and moves focus to its heading once it is rendered (the
  // address changes after the click): on a phone it opens below the queue.
  const reveal = useRef(false);
  const shownId = cluster?._id;
  useEffect(() => {
    if (!reveal.current || !shownId) return;
    reveal.current = false;
    clusterRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [shownId]);

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
            onResolve={canResolve ? setResolving : null}
            onExtendHold={canResolve ? setExtending : null}
            resolvers={rolesHolding('risk.resolve')}
            onClose={() => setParams(riskFilterParams(filters))}
            headingRef={headingRef}
          />
        </div>
      ) : null}
      {cluster && extending ? (
        <ExtendHoldDialog event={cluster} member={extending} onClose={() => setExtending(null)} />
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
