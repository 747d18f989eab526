import { type FailedMail, failedMailTexts, mailKindLabels } from '@uplink/contract/admin-mail';
import { formatDateTime } from '@uplink/contract/format';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { errorText } from '../../../lib/error-text';
import { useResendMail } from '../api/resend-mail';

/**
 * "Send again", confirmed: names the mail (kind, recipient, subject, when it failed) and what
 * follows. A refusal (sent again meanwhile, its code expired) shows in the dialog in the server's words.
 */
export function ResendMailDialog({
  mail,
  onClose,
  onResent,
}: {
  mail: FailedMail;
  onClose: () => void;
  onResent: (text: string) => void;
}) {
  const resend = useResendMail();
  const submit = async () => {
    try {
      await resend.mutateAsync(mail._id);
      onResent(failedMailTexts.resent);
    } catch {
      // The refusal shows in the dialog (resend.error); the list reloads and shows the mail as it is now.
    }
  };
  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      title="Send this e-mail again?"
      details={[
        { label: 'Kind', value: mailKindLabels[mail.kind] },
        { label: 'Recipient', value: mail.recipient },
        { label: 'Subject', value: mail.subject },
        { label: 'Failed', value: formatDateTime(mail.failedAt) },
      ]}
      consequence={<p>{failedMailTexts.confirmResend(mail.kind, mail.recipient)}</p>}
      confirmLabel={failedMailTexts.resend}
      busy={resend.isPending}
      onConfirm={submit}
      problem={resend.error ? errorText(resend.error) : null}
    />
  );
}
