import type { AdminUserDetail } from '@uplink/contract/admin-users';
import { formatDateTime } from '@uplink/contract/format';
import { riskEventStatusLabels, riskRuleTexts } from '@uplink/contract/risk';
import { Badge } from '../../../components/badge';
import { ButtonLink } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { RiskSeverityBadge } from '../../../components/risk-mark-badge';

/** The risk queue narrowed to the event's status and rule, with its cluster open. */
function clusterPath(event: AdminUserDetail['riskEvents'][number]): string {
  const query = new URLSearchParams({ status: event.status, rule: event.rule, event: event._id });
  return `/admin/risk?${query}`;
}

/**
 * Every risk event naming the member, newest first, each opening its cluster on the Risk page;
 * nothing when no event ever named them.
 */
export function MemberRiskEvents({ member }: { member: AdminUserDetail }) {
  if (member.riskEvents.length === 0) return null;
  const held = member.risk?.held ?? false;
  return (
    <Card>
      <CardHeader
        title="Risk events"
        subtitle={
          held
            ? 'An open high-severity event holds this member’s withdrawals until it is resolved.'
            : member.risk
              ? 'Open events mark this member in the admin lists; they hold no money.'
              : 'No event naming this member is open.'
        }
        actions={held ? <Badge tone="red">Held</Badge> : member.risk ? <Badge tone="amber">Under review</Badge> : null}
      />
      <ul className="divide-y divide-slate-100">
        {member.riskEvents.map((event) => (
          <li key={event._id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3.5 sm:px-6">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {riskRuleTexts[event.rule].title}
                <RiskSeverityBadge severity={event.severity} />
                <Badge tone={event.status === 'OPEN' ? 'blue' : 'grey'}>{riskEventStatusLabels[event.status]}</Badge>
              </p>
              <p className="mt-0.5 text-slate-500 text-xs">
                Opened {formatDateTime(event.createdAt)}
                {event.resolvedAt ? ` · resolved ${formatDateTime(event.resolvedAt)}` : ''}
              </p>
            </div>
            <ButtonLink
              to={clusterPath(event)}
              variant="secondary"
              size="sm"
              aria-label={`Open the ${riskRuleTexts[event.rule].title.toLowerCase()} cluster`}
            >
              Open cluster
            </ButtonLink>
          </li>
        ))}
      </ul>
    </Card>
  );
}
