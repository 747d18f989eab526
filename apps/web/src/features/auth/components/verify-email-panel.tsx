import { redirectDelayMs } from '@uplink/contract/constants';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert, type AlertTone } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { AlertIcon, CheckCircleIcon, MailIcon } from '../../../components/icons';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Spinner } from '../../../components/spinner';
import { pendingUserStorage } from '../../../lib/storage';
import { useResendVerificationEmail } from '../api/resend-verification-email';
import { useVerifyEmail } from '../api/verify-email';
import { resendVerificationErrorText, verifyEmailErrorText } from '../auth-errors';
import { authTexts } from '../auth-texts';
import { useRedirectAfter } from '../hooks/use-redirect-after';
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
    mutate(token);
  }, [token, mutate]);
  return verify;
}

export function VerifyEmailPanel({ token }: { token: string | null }) {
  const [pendingUser] = useState(() => pendingUserStorage.get());
  const verify = useVerifyOnce(token);
  const resend = useResendVerificationEmail();
  const [resendNotice, setResendNotice] = useState<Notice | null>(null);

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
  useRedirectAfter(state === 'success', '/signin', redirectDelayMs);

  async function handleResend() {
    if (!pendingUser?.email) {
      setResendNotice({ tone: 'error', text: authTexts.noPendingEmail });
      return;
    }
    setResendNotice(null);
    try {
      await resend.mutateAsync(pendingUser.email);
      setResendNotice({ tone: 'success', text: authTexts.verificationSent });
    } catch (failure) {
      setResendNotice({ tone: 'error', text: resendVerificationErrorText(failure) });
    }
  }

  const resendButton = (
    <Button variant="primary" size="lg" className="w-full" busy={resend.isPending} onClick={handleResend}>
      Resend Verification Email
    </Button>
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
            authTexts.noPendingEmail
          )
        }
      >
        {resendButton}
        {pendingUser?.email ? null : (
          <ButtonLink to="/register" variant="secondary" size="lg" className="w-full">
            Register
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
        <ButtonLink to="/signin" replace size="lg" className="w-full">
          Continue to Sign In
        </ButtonLink>
      </ResultView>
    ),
    error: (
      <ResultView icon={AlertIcon} tone="error" message={verifyEmailErrorText(verify.error)}>
        {resendButton}
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
            onClick={handleResend}
            disabled={resend.isPending}
            className="font-semibold text-brand-700 hover:text-brand-800 disabled:text-slate-400"
          >
            request a new verification link
          </button>
          .
        </>
      }
    >
      {resendNotice ? (
        <div className="mb-5">
          <Alert tone={resendNotice.tone}>{resendNotice.text}</Alert>
        </div>
      ) : null}
      {bodies[state]}
    </AuthCard>
  );
}
