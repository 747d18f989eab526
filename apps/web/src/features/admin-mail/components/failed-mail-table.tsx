import { type FailedMail, type FailedMails, failedMailTexts, mailKindLabels } from '@uplink/contract/admin-mail';
import { formatDateTime } from '@uplink/contract/format';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { EmailText } from '../../../components/email-text';
import { SendIcon } from '../../../components/icons';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import { actionColumn, type Column } from '../../../components/table';
import { TwoLineCell } from '../../../components/table-cells';
import { loadFailure } from '../../../lib/error-text';
import type { UseQueryResult } from '../../../lib/query';

const wording: ListWording = {
  caption: 'Failed e-mails',
  noun: 'e-mails',
  failure: loadFailure(failedMailTexts.loadFailed, failedMailTexts.loadFailed),
  emptyTitle: failedMailTexts.empty,
  emptyDescription: 'An e-mail that could not be delivered while its link, code or notice was still good appears here.',
};

function columnsFor(onResend: ((mail: FailedMail) => void) | null): Column<FailedMail>[] {
  const columns: Column<FailedMail>[] = [
    {
      key: 'failedAt',
      header: 'Failed',
      card: 'title',
      cell: (mail) => <span className="whitespace-nowrap">{formatDateTime(mail.failedAt)}</span>,
    },
    {
      key: 'kind',
      header: 'Kind',
      card: 'status',
      cell: (mail) => <Badge tone={mail.kind === 'notice' ? 'grey' : 'blue'}>{mailKindLabels[mail.kind]}</Badge>,
    },
    {
      key: 'recipient',
      header: 'Recipient',
      cell: (mail) => <TwoLineCell main={<EmailText email={mail.recipient} />} detail={mail.subject} />,
    },
    { key: 'attempts', header: 'Attempts', className: 'text-right tabular-nums', cell: (mail) => mail.attempts },
    {
      key: 'lastError',
      header: 'Last error',
      priority: 'low',
      cell: (mail) => <span className="break-words font-mono text-xs">{mail.lastError ?? '—'}</span>,
    },
  ];
  if (!onResend) return columns;
  return [
    ...columns,
    actionColumn({
      key: 'resend',
      header: 'Action',
      className: 'text-right',
      cell: (mail) =>
        mail.canResend ? (
          <Button
            size="sm"
            variant="secondary"
            className="whitespace-nowrap"
            icon={<SendIcon size={16} />}
            onClick={() => onResend(mail)}
          >
            {failedMailTexts.resend}
          </Button>
        ) : (
          <Badge tone="grey">{failedMailTexts.expired}</Badge>
        ),
    }),
  ];
}

/** The page of failed e-mails with its states and paging; "Send again" on each when `onResend` is given. */
export function FailedMailTable({
  failedMail,
  onResend,
  onPageChange,
}: {
  failedMail: UseQueryResult<FailedMails>;
  onResend: ((mail: FailedMail) => void) | null;
  onPageChange: (page: number) => void;
}) {
  return (
    <PagedTable
      query={failedMail}
      rowsIn="mails"
      wording={wording}
      onPageChange={onPageChange}
      columns={columnsFor(onResend)}
      foldBelow="lg"
    />
  );
}
