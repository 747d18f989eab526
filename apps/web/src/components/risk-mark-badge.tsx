import { type RiskMark, riskRuleTexts, riskSeverityLabels } from '@uplink/contract/risk';
import { Badge, type BadgeTone } from './badge';

const severityTones = { HIGH: 'red', MEDIUM: 'amber', LOW: 'grey' } as const satisfies Record<string, BadgeTone>;

/** A risk severity in its colour wherever it is shown: high red, medium amber, low grey. */
export function RiskSeverityBadge({ severity }: { severity: keyof typeof severityTones }) {
  return (
    <Badge tone={severityTones[severity]} dot>
      {riskSeverityLabels[severity]}
    </Badge>
  );
}

/**
 * The mark of a member under review in the admin lists: "Held" when an open high-severity event
 * holds their withdrawals, "Under review" otherwise; the rules are in its title and for screen readers.
 */
export function RiskMarkBadge({ mark }: { mark: RiskMark }) {
  if (!mark) return null;
  const rules = mark.rules.map((rule) => riskRuleTexts[rule].title).join(', ');
  return (
    <span title={`Open risk events: ${rules}`} className="inline-flex">
      <Badge tone={severityTones[mark.severity]}>
        {mark.held ? 'Held' : 'Under review'}
        <span className="sr-only"> (risk: {rules})</span>
      </Badge>
    </span>
  );
}
