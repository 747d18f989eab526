import { accountMessages } from '@uplink/contract/account-messages';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';

const resendFailed = 'Failed to send verification email.';

/**
 * Shown while the member's e-mail address is unverified, with 'Resend verification'. The route
 * sends the mail (the call belongs to the auth feature) and tells the banner how it went.
 */
export function VerificationBanner({
  email,
  sending,
  outcome,
  onResend,
}: {
  email: string;
  sending: boolean;
  outcome: 'sent' | 'failed' | undefined;
  onResend: () => void;
}) {
  return (
    <Alert tone="warning" title="Please verify your e-mail address">
      <p>We sent a verification link to {email}. Verify it to keep your account secure.</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" busy={sending} onClick={onResend}>
          Resend verification
        </Button>
        <span role="status" className={outcome === 'failed' ? 'text-red-700' : 'text-emerald-800'}>
          {outcome === 'sent' ? accountMessages.verificationSent : outcome === 'failed' ? resendFailed : null}
        </span>
      </div>
    </Alert>
  );
}
