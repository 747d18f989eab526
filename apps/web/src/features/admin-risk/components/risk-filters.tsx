import {
  type RiskEventStatus,
  type RiskRule,
  type RiskSeverity,
  riskEventStatuses,
  riskEventStatusLabels,
  riskRules,
  riskRuleTexts,
  riskSeverities,
  riskSeverityLabels,
} from '@uplink/contract/risk';
import { ChoiceFilter, FilterBar } from '../../../components/filter-bar';
import { SelectField } from '../../../components/select-field';

/** The queue's filters; `status` undefined is every status. */
export interface RiskFilterValues {
  status: RiskEventStatus | undefined;
  severity: RiskSeverity | undefined;
  rule: RiskRule | undefined;
}

const pick = <Value extends string>(values: readonly Value[], chosen: string | null): Value | undefined =>
  values.find((value) => value === chosen);

/** The filters as the address keeps them (`?status=&severity=&rule=`); without a status, the open events. */
export function riskFiltersFrom(params: URLSearchParams): RiskFilterValues {
  const status = params.get('status');
  return {
    status: status === 'ALL' ? undefined : (pick(riskEventStatuses, status) ?? 'OPEN'),
    severity: pick(riskSeverities, params.get('severity')),
    rule: pick(riskRules, params.get('rule')),
  };
}

/** The address's parameters for the filters (the open events need none). */
export function riskFilterParams(values: RiskFilterValues): Record<string, string> {
  return {
    ...(values.status === 'OPEN' ? {} : { status: values.status ?? 'ALL' }),
    ...(values.severity ? { severity: values.severity } : {}),
    ...(values.rule ? { rule: values.rule } : {}),
  };
}

/** Whether the queue shows anything but every open event (the empty state says so). */
export function hasRiskFilter(values: RiskFilterValues): boolean {
  return values.status !== 'OPEN' || values.severity !== undefined || values.rule !== undefined;
}

const statusOptions = [
  ...riskEventStatuses.map((status) => ({ value: status, label: riskEventStatusLabels[status] })),
  { value: 'ALL', label: 'All statuses' },
];

/** Status, severity and rule of the queue. */
export function RiskFilters({
  values,
  onChange,
}: {
  values: RiskFilterValues;
  onChange: (values: RiskFilterValues) => void;
}) {
  const set = (change: Partial<RiskFilterValues>) => onChange({ ...values, ...change });
  return (
    <FilterBar columns="sm:grid-cols-3">
      <SelectField
        label="Status"
        options={statusOptions}
        value={values.status ?? 'ALL'}
        onChange={(event) => set({ status: pick(riskEventStatuses, event.target.value) })}
      />
      <ChoiceFilter
        label="Severity"
        allLabel="All severities"
        choices={riskSeverities}
        labelOf={(severity) => riskSeverityLabels[severity]}
        value={values.severity}
        onChange={(severity) => set({ severity })}
      />
      <ChoiceFilter
        label="Rule"
        allLabel="All rules"
        choices={riskRules}
        labelOf={(rule) => riskRuleTexts[rule].title}
        value={values.rule}
        onChange={(rule) => set({ rule })}
      />
    </FilterBar>
  );
}
