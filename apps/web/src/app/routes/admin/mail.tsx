import { type FailedMail, failedMailTexts } from '@uplink/contract/admin-mail';
import { useState } from 'react';
import { Card, CardHeader } from '../../../components/card';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { Toast, useToast } from '../../../components/toast';
import { useFailedMail } from '../../../features/admin-mail/api/get-failed-mail';
import { FailedMailTable } from '../../../features/admin-mail/components/failed-mail-table';
import { ResendMailDialog } from '../../../features/admin-mail/components/resend-mail-dialog';
import { usePermissions } from '../../../lib/permissions';

export default function AdminMailPage() {
  const [page, setPage] = useState(1);
  const [resending, setResending] = useState<FailedMail | null>(null);
  const failedMail = useFailedMail(page);
  const permits = usePermissions();
  const { toast, showToast, dismissToast } = useToast();
  const masked = failedMail.data?.mails.some((mail) => mail.recipientMasked) ?? false;

  return (
    <div className="space-y-6">
      <PageHeader
        title={failedMailTexts.title}
        subtitle="E-mails given up on, newest first"
        actions={<RefreshButton busy={failedMail.isFetching} onClick={() => failedMail.refetch()} />}
      />
      <Card>
        <CardHeader
          title="Undelivered e-mails"
          subtitle={masked ? `${failedMailTexts.intro} ${failedMailTexts.masked}` : failedMailTexts.intro}
        />
        <FailedMailTable
          failedMail={failedMail}
          onResend={permits('mail.resend') ? setResending : null}
          onPageChange={setPage}
        />
      </Card>
      {resending ? (
        <ResendMailDialog
          mail={resending}
          onClose={() => setResending(null)}
          onResent={(text) => {
            setResending(null);
            showToast(text, 'success');
          }}
        />
      ) : null}
      <Toast toast={toast} onDismiss={dismissToast} />
    </div>
  );
}
