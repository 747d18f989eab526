import { type AuditAction, auditActionLabels, auditActions, auditLogTexts } from '@uplink/contract/audit';
import { ChoiceFilter, FilterBar } from '../../../components/filter-bar';
import { SearchField, TextField } from '../../../components/text-field';
import type { AuditLogPageQuery } from '../api/get-audit-log';
import { localDayEnd, localDayStart } from '../utils/local-day';

/** What the filter bar edits: the text filters as typed, the days as the date inputs hold them. */
export interface AuditLogFilterValues {
  action: AuditAction | undefined;
  actor: string;
  targetId: string;
  from: string;
  to: string;
}

/** The query of the audit log for the filters (the days as the moments they start and end locally). */
export function auditLogQuery(values: AuditLogFilterValues, page: number): AuditLogPageQuery {
  return {
    page,
    action: values.action,
    actor: values.actor,
    targetId: values.targetId,
    from: localDayStart(values.from),
    to: localDayEnd(values.to),
  };
}

/** Whether any filter narrows the log (the empty state says so). */
export function hasAuditLogFilter(values: AuditLogFilterValues): boolean {
  return Object.values(values).some((value) => value !== undefined && value !== '');
}

/** The audit log's filters: action, acting administrator, target and a range of days. */
export function AuditLogFilters({
  values,
  reversedRange,
  onChange,
}: {
  values: AuditLogFilterValues;
  /** The range ends before it starts: shown on the To field, and nothing is asked meanwhile. */
  reversedRange: boolean;
  onChange: (values: AuditLogFilterValues) => void;
}) {
  const set = (change: Partial<AuditLogFilterValues>) => onChange({ ...values, ...change });
  return (
    // Three to a row up to 1536 px: five would cut the text fields' placeholders.
    <FilterBar columns="sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      <ChoiceFilter
        label="Action"
        allLabel="All actions"
        choices={auditActions}
        labelOf={(action) => auditActionLabels[action]}
        value={values.action}
        onChange={(action) => set({ action })}
      />
      <SearchField
        label="Administrator"
        placeholder="Name, e-mail or ID"
        value={values.actor}
        onSearch={(actor) => set({ actor })}
      />
      <SearchField
        label="Target ID"
        placeholder="ID or member's user ID"
        value={values.targetId}
        onSearch={(targetId) => set({ targetId })}
      />
      <TextField
        label="From"
        type="date"
        value={values.from}
        max={values.to || undefined}
        onChange={(event) => set({ from: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={values.to}
        min={values.from || undefined}
        error={reversedRange ? auditLogTexts.fromAfterTo : null}
        onChange={(event) => set({ to: event.target.value })}
      />
    </FilterBar>
  );
}
