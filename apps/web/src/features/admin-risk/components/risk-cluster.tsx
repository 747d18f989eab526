import { formatCount, formatDateTime, formatUsdt, fullName, shortenAdminWallet } from '@uplink/contract/format';
import {
  type RiskEvent,
  type RiskEventMember,
  type RiskResolutionResult,
  riskEventStatusLabels,
  riskRuleTexts,
  riskTexts,
} from '@uplink/contract/risk';
import type { ReactNode, Ref } from 'react';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card, CardBody } from '../../../components/card';
import { CloseIcon } from '../../../components/icons';
import { RiskSeverityBadge } from '../../../components/risk-mark-badge';
import { type Column, DataTable } from '../../../components/table';
import { Link } from '../../../lib/router/router';
import { type ClusterRow, clusterRows, clusterSignals, sharedSignal, sharedValues } from '../utils/cluster-rows';

// Underlined: on a phone the links sit inside lines of text, where colour alone does not tell them apart.
const linkClass =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600';

const sourceLabels = {
  FUNDED_SUBSCRIPTION: 'Paid their subscription',
  DEPOSIT_ADDRESS: 'Their deposit address',
} as const;

/** A value of the evidence, marked when another member of the cluster has it too. */
function Evidence({ shared, title, children }: { shared: boolean; title?: string; children: ReactNode }) {
  return (
    <span
      title={title}
      className={shared ? 'rounded bg-amber-100 px-1 font-medium text-amber-950 ring-1 ring-amber-300 ring-inset' : ''}
    >
      {children}
      {shared ? <span className="sr-only"> (shared)</span> : null}
    </span>
  );
}

function Stack({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-end gap-1.5 text-xs sm:items-start">{children}</div>;
}

/** One record of a stack: its parts wrap whole where the cell is narrow (a card on a phone). */
function Entry({ children }: { children: ReactNode }) {
  return (
    <span className="flex flex-wrap items-baseline justify-end gap-x-1 gap-y-0.5 *:whitespace-nowrap sm:justify-start">
      {children}
    </span>
  );
}

/** An e-mail address that wraps before its @ where a line is too narrow, not inside a word. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <span className="break-all">{address}</span>;
  return (
    <span className="break-words">
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}

/** What the cluster view may do with a member: extend the hold to an earlier holder (absent when the role may not). */
type ExtendHold = ((member: RiskEventMember) => void) | null;

function memberLink(event: RiskEvent, member: RiskEventMember, onExtendHold: ExtendHold) {
  return (
    <div className="min-w-0">
      <Link to={`/admin/users/${encodeURIComponent(member._id)}`} className={linkClass}>
        {fullName(member)}
      </Link>
      <p className="text-slate-500 text-xs">
        <Email address={member.email} /> · <span className="whitespace-nowrap font-mono">{member.userId}</span>
      </p>
      {member.earlierHolder ? (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Badge tone={member.holdExtended ? 'amber' : 'grey'}>
            {member.holdExtended ? riskTexts.holdExtended : riskTexts.earlierHolder}
          </Badge>
          {onExtendHold && event.status === 'OPEN' && !member.holdExtended ? (
            <Button variant="secondary" size="sm" onClick={() => onExtendHold(member)}>
              {riskTexts.extendHold}…
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The columns of the evidence the event carries, each value marked where members share it. */
function clusterColumns(event: RiskEvent, rows: ClusterRow[], onExtendHold: ExtendHold): Column<ClusterRow>[] {
  const signals = clusterSignals(event.evidence);
  const membersById = new Map(event.members.map((member) => [member._id, member]));
  const shared = {
    email: sharedValues(rows.map((row) => [row.account?.normalizedEmail])),
    sponsor: sharedValues(rows.map((row) => [row.account?.sponsorId])),
    wallet: sharedValues(rows.map((row) => row.withdrawals.map((w) => w.walletAddress))),
    funding: sharedValues(rows.map((row) => row.payments.map((p) => p.fundingAddress))),
  };
  // A value is shared when two members have it, or when it is the signal the rule matched on.
  const signal = sharedSignal(event.evidence)?.value.toLowerCase();
  const isShared = (set: Set<string>, value: string | null | undefined) =>
    Boolean(value) && (set.has((value as string).toLowerCase()) || (value as string).toLowerCase() === signal);
  const columns: Column<ClusterRow>[] = [
    { key: 'member', header: 'Member', card: 'title', cell: (row) => memberLink(event, row.member, onExtendHold) },
  ];
  if (signals.accounts) {
    columns.push(
      {
        key: 'normalized',
        header: 'Normalised e-mail',
        cell: (row) =>
          row.account ? (
            <Evidence shared={isShared(shared.email, row.account.normalizedEmail)}>
              <Email address={row.account.normalizedEmail} />
            </Evidence>
          ) : (
            '—'
          ),
      },
      {
        key: 'sponsor',
        header: 'Sponsor',
        cell: (row) => {
          const sponsorId = row.account?.sponsorId;
          if (!sponsorId) return <span className="text-slate-500">None</span>;
          const inCluster = membersById.get(sponsorId);
          return (
            <Evidence shared={isShared(shared.sponsor, sponsorId)}>
              <Link to={`/admin/users/${encodeURIComponent(sponsorId)}`} className={linkClass}>
                {inCluster ? fullName(inCluster) : "Sponsor's account"}
              </Link>
            </Evidence>
          );
        },
      },
      {
        key: 'registered',
        header: 'Signed up',
        cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.account?.registeredAt)}</span>,
      },
    );
  }
  if (signals.withdrawals) {
    columns.push({
      key: 'withdrawals',
      header: 'Withdrawal wallet',
      cell: (row) =>
        row.withdrawals.length === 0 ? (
          <span className="text-slate-500">—</span>
        ) : (
          <Stack>
            {row.withdrawals.map((w) => (
              <Entry key={w.withdrawalId}>
                <Link to={`/admin/withdrawals/${encodeURIComponent(w.withdrawalId)}`} className={linkClass}>
                  {formatUsdt(w.amount)}
                </Link>
                <span>to</span>
                <Evidence shared={isShared(shared.wallet, w.walletAddress)} title={w.walletAddress}>
                  <span className="font-mono">{shortenAdminWallet(w.walletAddress)}</span>
                </Evidence>
              </Entry>
            ))}
          </Stack>
        ),
    });
  }
  if (signals.payments) {
    columns.push({
      key: 'funding',
      header: 'Funding address',
      cell: (row) =>
        row.payments.length === 0 ? (
          <span className="text-slate-500">—</span>
        ) : (
          <Stack>
            {row.payments.map((p) => (
              <Entry key={`${p.fundingAddress}-${p.paidAt}`}>
                <Evidence shared={isShared(shared.funding, p.fundingAddress)} title={p.fundingAddress}>
                  <span className="font-mono">{shortenAdminWallet(p.fundingAddress)}</span>
                </Evidence>
                <span className="text-slate-500">{formatDateTime(p.paidAt)}</span>
              </Entry>
            ))}
          </Stack>
        ),
    });
  }
  if (signals.sources) {
    columns.push({
      key: 'sources',
      header: 'Source',
      cell: (row) =>
        row.sources.length === 0 ? (
          <span className="text-slate-500">—</span>
        ) : (
          <Stack>
            {row.sources.map((source) => (
              <span key={`${source.kind}-${source.at}`} className="flex flex-col items-end gap-0.5 sm:items-start">
                <Evidence shared>{sourceLabels[source.kind]}</Evidence>
                <span className="whitespace-nowrap text-slate-500">{formatDateTime(source.at)}</span>
              </span>
            ))}
          </Stack>
        ),
    });
  }
  return columns;
}

/** How the event was resolved, by whom and why; or the two ways to resolve it while it is open. */
function Resolution({
  event,
  outcome,
  onResolve,
  resolvers,
}: {
  event: RiskEvent;
  outcome: RiskResolutionResult | null;
  /** Null when the role may not resolve: `resolvers` names who may instead. */
  onResolve: ((resolution: 'DISMISSED' | 'CONFIRMED') => void) | null;
  resolvers: string;
}) {
  if (event.status === 'OPEN') {
    const earlierHolders = event.members.some((member) => member.earlierHolder && !member.holdExtended);
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-600 text-sm">
          {event.severity === 'HIGH'
            ? `While this event is open, the withdrawals of its members are held${earlierHolders ? ' (earlier holders excepted)' : ''}.`
            : 'This event marks its members in the admin lists; it holds no money.'}
        </p>
        {onResolve ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => onResolve('DISMISSED')}>
              Dismiss…
            </Button>
            <Button variant="danger" onClick={() => onResolve('CONFIRMED')}>
              Confirm…
            </Button>
          </div>
        ) : (
          <p className="text-slate-500 text-sm">{resolvers} administrators resolve risk events.</p>
        )}
      </div>
    );
  }
  const confirmed = event.status === 'CONFIRMED';
  const current = outcome?.event._id === event._id ? outcome : null;
  return (
    <Alert
      tone={confirmed ? 'warning' : 'success'}
      title={`${riskEventStatusLabels[event.status]}${event.resolvedBy ? ` by ${event.resolvedBy}` : ''}${
        event.resolvedAt ? ` on ${formatDateTime(event.resolvedAt)}` : ''
      }`}
    >
      {current && confirmed ? (
        <p>
          {current.lockedMembers} member{current.lockedMembers === 1 ? '' : 's'} locked, {current.blockedWithdrawals}{' '}
          pending withdrawal{current.blockedWithdrawals === 1 ? '' : 's'} blocked.
        </p>
      ) : null}
      {event.note ? <p>Note: {event.note}</p> : null}
    </Alert>
  );
}

/**
 * One event as a cluster: its rule and what it means, the members side by side with the evidence
 * that ties them (values two members share are marked), links to each member and withdrawal, and
 * the resolution.
 */
export function RiskCluster({
  event,
  outcome,
  onResolve,
  onExtendHold,
  resolvers,
  onClose,
  headingRef,
}: {
  event: RiskEvent;
  /** The last resolution of this screen, for the counts it answered. */
  outcome: RiskResolutionResult | null;
  /** Null when the signed-in role may not resolve (nor extend a hold). */
  onResolve: ((resolution: 'DISMISSED' | 'CONFIRMED') => void) | null;
  onExtendHold: ExtendHold;
  /** The roles that may resolve, as a sentence names them. */
  resolvers: string;
  onClose: () => void;
  /** The heading, focused when the cluster is opened. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const rows = clusterRows(event);
  const rule = riskRuleTexts[event.rule];
  const signal = sharedSignal(event.evidence);
  return (
    <Card aria-labelledby={`cluster-${event._id}`} role="region">
      {/* Not CardHeader: its actions wrap under a long subtitle, and Close belongs top right. */}
      <div className="flex items-start justify-between gap-3 border-slate-100 border-b px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="flex flex-wrap items-center gap-2 font-semibold text-base text-slate-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span id={`cluster-${event._id}`}>Cluster: {rule.title}</span>
            <RiskSeverityBadge severity={event.severity} />
            <Badge tone={event.status === 'OPEN' ? 'blue' : 'grey'}>{riskEventStatusLabels[event.status]}</Badge>
          </h2>
          <p className="mt-0.5 text-slate-500 text-sm">
            {rule.description} Opened {formatDateTime(event.createdAt)}.
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close the cluster">
          <CloseIcon size={18} />
        </Button>
      </div>
      {signal ? (
        <CardBody className="border-slate-100 border-b py-3">
          <p className="flex flex-wrap gap-x-2 text-sm">
            <span className="font-semibold text-slate-700">Shared {signal.label.toLowerCase()}:</span>
            <span className="break-all font-mono text-slate-900">{signal.value}</span>
          </p>
        </CardBody>
      ) : null}
      <DataTable
        caption={`Members of the ${rule.title.toLowerCase()} cluster`}
        columns={clusterColumns(event, rows, onExtendHold)}
        rows={rows}
        rowKey={(row) => row.member._id}
        emptyTitle="No members"
        foldBelow="md"
      />
      {event.memberCount > event.members.length ? (
        <CardBody className="border-slate-100 border-t py-3">
          <p className="text-slate-600 text-sm">
            The first {formatCount(event.members.length)} of {formatCount(event.memberCount, ['member', 'members'])} are
            listed; resolving the event acts on every one.
          </p>
        </CardBody>
      ) : null}
      <CardBody className="border-slate-100 border-t">
        <Resolution event={event} outcome={outcome} onResolve={onResolve} resolvers={resolvers} />
      </CardBody>
    </Card>
  );
}
