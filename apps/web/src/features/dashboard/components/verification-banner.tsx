import { accountMessages } from '@uplink/contract/accounts';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useResendVerificationEmail } from '../../auth/api/resend-verification-email';

const resendFailed = 'Failed to send verification email.';

/** Shown while the member's e-mail address is unverified, with 'Resend verification'. */
export function VerificationBanner({ email }: { email: string }) {
  const resend = useResendVerificationEmail();
  return (
    <Alert tone="warning" title="Please verify your e-mail address">
      <p>We sent a verification link to {email}. Verify it to keep your account secure.</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" busy={resend.isPending} onClick={() => resend.mutate({ email })}>
          Resend verification
        </Button>
        {resend.isSuccess ? <span className="text-emerald-800">{accountMessages.verificationSent}</span> : null}
        {resend.isError ? <span className="text-red-700">{resendFailed}</span> : null}
      </div>
    </Alert>
  );
}
