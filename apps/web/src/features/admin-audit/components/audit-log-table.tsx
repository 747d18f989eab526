import { administratorLabel } from '@uplink/contract/admin-roles';
import {
  type AuditAction,
  type AuditLog,
  type AuditLogEntry,
  auditActionLabels,
  auditLogTexts,
  auditTargetTypeLabels,
} from '@uplink/contract/audit';
import { formatDateTime } from '@uplink/contract/format';
import { Badge, type BadgeTone } from '../../../components/badge';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import type { Column } from '../../../components/table';
import { emailAndUserId, TwoLineCell } from '../../../components/table-cells';
import { loadFailure } from '../../../lib/error-text';
import type { UseQueryResult } from '../../../lib/query';
import { Link } from '../../../lib/router/router';
import { AuditChange } from './audit-change';

const actionTones: Record<AuditAction, BadgeTone> = {
  USER_STATUS_CHANGED: 'blue',
  USER_DELETED: 'red',
  WITHDRAWAL_APPROVED: 'green',
  WITHDRAWAL_REJECTED: 'amber',
  WITHDRAWAL_BLOCKED: 'red',
  WITHDRAWAL_PAYMENT_RELEASED: 'grey',
  WITHDRAWAL_PAYMENT_FLAGGED: 'red',
  REWARD_CYCLE_RUN: 'violet',
  ADMIN_TOTP_ENROLLED: 'brand',
  ADMIN_TOTP_REMOVED: 'grey',
  DATA_EXPORTED: 'grey',
  PAYOUT_BATCH_CREATED: 'blue',
  PAYOUT_BATCH_DELETED: 'grey',
  PAYOUT_BATCH_APPROVED: 'green',
  PAYOUT_BATCH_EXPORTED: 'grey',
  PAYOUT_BATCH_PROPOSED: 'blue',
  PAYOUT_BATCH_PAID_FROM_DEMO_TREASURY: 'violet',
  PAYOUT_BATCH_RELEASED: 'amber',
  TREASURY_TRANSFER_UNMATCHED: 'red',
  ADMIN_INVITED: 'brand',
  ADMIN_INVITATION_REVOKED: 'grey',
  ADMIN_INVITATION_ACCEPTED: 'green',
  ADMIN_ROLE_CHANGED: 'violet',
  ADMIN_SUSPENDED: 'amber',
  ADMIN_REINSTATED: 'green',
  ADMIN_REMOVED: 'red',
  RISK_EVENT_DISMISSED: 'grey',
  RISK_EVENT_CONFIRMED: 'red',
  RISK_HOLD_EXTENDED: 'amber',
  INVITATION_REMINDER_SENT: 'grey',
  MAIL_RESENT: 'blue',
};

const linkClass = 'font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** The screen of a target that has one, by its id. */
const screenOf: Partial<Record<AuditLogEntry['targetType'], (id: string) => string>> = {
  WITHDRAWAL: (id) => `/admin/withdrawals/${encodeURIComponent(id)}`,
  PAYOUT_BATCH: (id) => `/admin/withdrawals/batches/${encodeURIComponent(id)}`,
  RISK_EVENT: (id) => `/admin/risk?status=ALL&event=${encodeURIComponent(id)}`,
  // Invitations are listed on the team's page, pending or not.
  ADMIN_INVITATION: () => '/admin/team',
  MAIL: () => '/admin/mail',
};

/** What the action was done to, linked to its screen where it has one. */
function Target({ entry }: { entry: AuditLogEntry }) {
  const type = <p className="text-slate-500 text-xs">{auditTargetTypeLabels[entry.targetType]}</p>;
  if (entry.target) {
    // A member opens on their page; an administrator — whatever the action was done as — on the
    // team's, where their role is changed.
    const { adminRole } = entry.target;
    return (
      <div className="min-w-0">
        <Link
          to={adminRole ? '/admin/team' : `/admin/users/${encodeURIComponent(entry.targetId)}`}
          className={linkClass}
        >
          {entry.target.name}
        </Link>
        <p className="text-slate-500 text-xs">
          {adminRole
            ? administratorLabel(adminRole)
            : `${auditTargetTypeLabels[entry.targetType]} · ${entry.target.userId}`}
        </p>
      </div>
    );
  }
  const screen = screenOf[entry.targetType];
  if (screen) {
    // The id's first 8 characters on one line (the whole id in the title): a batch's 36 wrapped onto four.
    return (
      <div className="min-w-0">
        <Link
          to={screen(entry.targetId)}
          className={`${linkClass} whitespace-nowrap font-mono text-xs`}
          title={entry.targetId}
        >
          {entry.targetId.slice(0, 8)}…
        </Link>
        {type}
      </div>
    );
  }
  if (entry.targetType === 'REWARD_CYCLE') {
    return (
      <div>
        <p className="font-medium text-slate-900 tabular-nums">#{entry.targetId}</p>
        {type}
      </div>
    );
  }
  return (
    <div className="min-w-0">
      <p className="font-mono text-xs">{entry.targetId}</p>
      {type}
    </div>
  );
}

const columns: Column<AuditLogEntry>[] = [
  {
    key: 'time',
    header: 'Time',
    card: 'title',
    cell: (entry) => (
      <div className="whitespace-nowrap">
        <p>{formatDateTime(entry.createdAt)}</p>
        {entry.ipAddress ? <p className="text-slate-500 text-xs">IP {entry.ipAddress}</p> : null}
      </div>
    ),
  },
  {
    key: 'actor',
    header: 'Administrator',
    cell: (entry) =>
      entry.actor ? (
        <TwoLineCell
          main={entry.actor.name}
          detail={
            entry.actor.adminRole
              ? `${entry.actor.email} · ${administratorLabel(entry.actor.adminRole)}`
              : emailAndUserId(entry.actor)
          }
        />
      ) : (
        <Badge tone="grey">{auditLogTexts.system}</Badge>
      ),
  },
  {
    key: 'action',
    header: 'Action',
    card: 'status',
    cell: (entry) => <Badge tone={actionTones[entry.action]}>{auditActionLabels[entry.action]}</Badge>,
  },
  { key: 'target', header: 'Target', cell: (entry) => <Target entry={entry} /> },
  {
    key: 'change',
    header: 'Change',
    priority: 'low',
    cell: (entry) => <AuditChange before={entry.before} after={entry.after} />,
  },
];

const wording: ListWording = {
  caption: 'Audit log',
  noun: 'entries',
  failure: loadFailure(auditLogTexts.loadFailed, auditLogTexts.loadError),
  emptyTitle: auditLogTexts.empty,
  emptyDescription: 'Status changes, deletions, withdrawal decisions and reward cycle runs appear here.',
  noneMatching: 'No administrator action matches these filters.',
};

/** The page of audit entries with its loading, empty and error states and the paging footer. */
export function AuditLogTable({
  auditLog,
  filtered,
  onPageChange,
}: {
  auditLog: UseQueryResult<AuditLog>;
  /** A filter is active (the empty state says so). */
  filtered: boolean;
  onPageChange: (page: number) => void;
}) {
  return (
    <PagedTable
      query={auditLog}
      rowsIn="entries"
      wording={wording}
      filtered={filtered}
      onPageChange={onPageChange}
      columns={columns}
      foldBelow="xl"
    />
  );
}
