import { useState } from 'react';
import { Card, CardHeader } from '../../../components/card';
import { CsvExportButton } from '../../../components/csv-export-button';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useAuditLog } from '../../../features/admin-audit/api/get-audit-log';
import {
  AuditLogFilters,
  type AuditLogFilterValues,
  auditLogQuery,
  hasAuditLogFilter,
} from '../../../features/admin-audit/components/audit-log-filters';
import { AuditLogTable } from '../../../features/admin-audit/components/audit-log-table';
import { isReversedRange } from '../../../features/admin-audit/utils/local-day';
import { useSearchedPage } from '../../../hooks/use-searched-page';
import { usePermissions } from '../../../lib/permissions';

const noFilters: AuditLogFilterValues = { action: undefined, actor: '', targetId: '', from: '', to: '' };

export default function AdminAuditLogPage() {
  const [values, setValues] = useState(noFilters);
  // Typed filters are asked for once typing pauses; the others at once.
  const { settled, page, setPage } = useSearchedPage(
    { actor: values.actor, targetId: values.targetId },
    { action: values.action, from: values.from, to: values.to },
  );
  const filters = { ...values, ...settled };
  const reversedRange = isReversedRange(values.from, values.to);
  const auditLog = useAuditLog(auditLogQuery(filters, page), !reversedRange);
  const permits = usePermissions();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit Log"
        subtitle="Every administrator action, newest first"
        actions={
          <>
            {permits('audit.export') ? (
              <CsvExportButton
                path="/admin/audit-log/export"
                query={{ ...auditLogQuery(filters, 1), page: undefined, limit: undefined }}
                disabled={reversedRange}
              />
            ) : null}
            <RefreshButton busy={auditLog.isFetching} onClick={() => auditLog.refetch()} />
          </>
        }
      />
      <Card>
        <CardHeader
          title="Administrator actions"
          subtitle="Who did what to which record, when and from where; each recorded with the action itself"
        />
        <AuditLogFilters values={values} reversedRange={reversedRange} onChange={setValues} />
        <AuditLogTable auditLog={auditLog} filtered={hasAuditLogFilter(filters)} onPageChange={setPage} />
      </Card>
    </div>
  );
}
