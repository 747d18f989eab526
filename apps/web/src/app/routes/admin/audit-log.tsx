import { searchDebounceMs } from '@uplink/contract/constants';
import { useState } from 'react';
import { Card, CardHeader } from '../../../components/card';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { type AuditLogFilters, useAuditLog } from '../../../features/admin-audit/api/get-audit-log';
import {
  AuditLogFilters as AuditLogFilterBar,
  type AuditLogFilterValues,
} from '../../../features/admin-audit/components/audit-log-filters';
import { AuditLogTable } from '../../../features/admin-audit/components/audit-log-table';
import { isReversedRange } from '../../../features/admin-audit/utils/local-day';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const noFilters: AuditLogFilterValues = { action: undefined, actor: '', targetId: '', from: '', to: '' };

export default function AdminAuditLogPage() {
  const [values, setValues] = useState(noFilters);
  const [page, setPage] = useState(1);
  // Typed filters are asked for once typing pauses; the others at once. Any change goes back to page 1.
  const actor = useDebouncedValue(values.actor.trim(), searchDebounceMs);
  const targetId = useDebouncedValue(values.targetId.trim(), searchDebounceMs);
  const settled = { action: values.action, actor, targetId, from: values.from, to: values.to };
  const settledKey = JSON.stringify(settled);
  const [appliedKey, setAppliedKey] = useState(settledKey);
  if (appliedKey !== settledKey) {
    setAppliedKey(settledKey);
    setPage(1);
  }
  const reversedRange = isReversedRange(values.from, values.to);
  const filters: AuditLogFilters = { ...settled, page };
  const auditLog = useAuditLog(filters, !reversedRange);
  const filtered = Object.values(settled).some((value) => value !== undefined && value !== '');

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit Log"
        subtitle="Every administrator action, newest first"
        actions={<RefreshButton busy={auditLog.isFetching} onClick={() => auditLog.refetch()} />}
      />
      <Card>
        <CardHeader
          title="Administrator actions"
          subtitle="Who did what to which record, when and from where; each recorded with the action itself"
        />
        <AuditLogFilterBar values={values} reversedRange={reversedRange} onChange={setValues} />
        <AuditLogTable
          auditLog={auditLog.data}
          fetching={auditLog.isFetching}
          error={auditLog.error}
          filtered={filtered}
          onRetry={() => auditLog.refetch()}
          onPageChange={setPage}
        />
      </Card>
    </div>
  );
}
