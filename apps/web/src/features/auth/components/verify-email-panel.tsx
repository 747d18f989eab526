import { redirectDelayMs } from '@uplink/contract/constants';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { AlertTone } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { AlertIcon, CheckCircleIcon, MailIcon } from '../../../components/icons';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Spinner } from '../../../components/spinner';
import { EmailField } from '../../../components/text-field';
import { errorText } from '../../../lib/error-text';
import { pendingUserStorage } from '../../../lib/storage';
import { useResendVerificationEmail } from '../api/resend-verification-email';
import { useVerifyEmail } from '../api/verify-email';
import { resendVerificationFailure, verifyEmailFailure } from '../auth-errors';
import { authTexts } from '../auth-texts';
import { arrivalAfterVerification, useRedirectAfter } from '../hooks/use-redirect-after';
import { FormAlert } from './form-alert';
import { ResultView } from './result-view';

type VerificationState = 'pending' | 'verifying' | 'success' | 'error';

const titles: Record<VerificationState, string> = {
  pending: 'Verify Your Email',
  verifying: 'Verifying your email',
  success: 'Email verified',
  error: 'Verification failed',
};

interface Notice {
  tone: AlertTone;
  text: string;
}

/** Spends the token of a verification link exactly once, even when StrictMode runs effects twice. */
function useVerifyOnce(token: string | null) {
  const verify = useVerifyEmail();
  const attemptedToken = useRef<string | null>(null);
  const { mutate } = verify;
  useEffect(() => {
    if (!token || attemptedToken.current === token) return;
    attemptedToken.current = token;
    mutate({ token });
  }, [token, mutate]);
  return verify;
}

export function VerifyEmailPanel({ token }: { token: string | null }) {
  const [pendingUser, setPendingUser] = useState(() => pendingUserStorage.get());
  const verify = useVerifyOnce(token);
  const resend = useResendVerificationEmail();
  const [resendNotice, setResendNotice] = useState<Notice | null>(null);
  // Without a stored e-mail (another browser, storage cleared) the member types it for a new link.
  const [typedEmail, setTypedEmail] = useState('');
  const emailField = useRef<HTMLInputElement>(null);

  const state: VerificationState = !token
    ? 'pending'
    : verify.isSuccess
      ? 'success'
      : verify.isError
        ? 'error'
        : 'verifying';

  useEffect(() => {
    if (state === 'success') pendingUserStorage.clear();
  }, [state]);
  useRedirectAfter(state === 'success', '/signin', redirectDelayMs, arrivalAfterVerification);

  async function handleResend(event?: FormEvent) {
    event?.preventDefault();
    const email = pendingUser?.email ?? typedEmail.trim();
    if (!email) {
      setResendNotice({ tone: 'error', text: authTexts.enterRegisteredEmail });
      emailField.current?.focus();
      return;
    }
    setResendNotice(null);
    try {
      await resend.mutateAsync({ email });
      setResendNotice({ tone: 'success', text: authTexts.verificationSent });
      if (!pendingUser) {
        // From now on this browser knows the address, as after registering here.
        pendingUserStorage.set({ email });
        setPendingUser({ email });
      }
    } catch (failure) {
      setResendNotice({ tone: 'error', text: errorText(failure, resendVerificationFailure) });
    }
  }

  const resendForm = (
    <form onSubmit={handleResend} noValidate className="space-y-3 text-left">
      {pendingUser ? null : (
        <EmailField
          ref={emailField}
          name="email"
          value={typedEmail}
          onChange={(event) => setTypedEmail(event.target.value)}
        />
      )}
      <Button type="submit" variant="primary" size="lg" className="w-full" busy={resend.isPending}>
        Resend Verification Email
      </Button>
    </form>
  );

  const bodies: Record<VerificationState, ReactNode> = {
    pending: (
      <ResultView
        icon={MailIcon}
        tone={pendingUser?.email ? 'brand' : 'error'}
        message={
          pendingUser?.email ? (
            <>
              We sent a verification link to <span className="font-semibold text-slate-900">{pendingUser.email}</span>.
              Open it to activate your account, then sign in.
            </>
          ) : (
            <>
              <span className="block font-semibold text-red-700">{authTexts.noPendingEmail}</span>
              <span className="mt-1 block">{authTexts.noPendingEmailHelp}</span>
            </>
          )
        }
      >
        {resendForm}
        {pendingUser?.email ? null : (
          <ButtonLink to="/signin" variant="secondary" size="lg" className="w-full">
            Back to Sign In
          </ButtonLink>
        )}
      </ResultView>
    ),
    verifying: (
      <div className="flex flex-col items-center gap-4 py-6 text-slate-600 text-sm" role="status">
        <Spinner size="lg" />
        <span>Checking your verification link…</span>
      </div>
    ),
    success: (
      <ResultView icon={CheckCircleIcon} tone="success" message={authTexts.emailVerified}>
        <ButtonLink to="/signin" replace state={arrivalAfterVerification} size="lg" className="w-full">
          Continue to Sign In
        </ButtonLink>
      </ResultView>
    ),
    error: (
      <ResultView icon={AlertIcon} tone="error" message={errorText(verify.error, verifyEmailFailure)}>
        {resendForm}
        <ButtonLink to="/signin" variant="secondary" size="lg" className="w-full">
          Back to Sign In
        </ButtonLink>
      </ResultView>
    ),
  };

  return (
    <AuthCard
      title={titles[state]}
      footer={
        <>
          Didn't receive the e-mail? Check your spam folder or{' '}
          <button
            type="button"
            onClick={() => handleResend()}
            disabled={resend.isPending}
            className="font-semibold text-brand-700 hover:text-brand-800 disabled:text-slate-400"
          >
            request a new verification link
          </button>
          .
        </>
      }
    >
      <FormAlert tone={resendNotice?.tone} message={resendNotice?.text ?? null} />
      {bodies[state]}
    </AuthCard>
  );
}
