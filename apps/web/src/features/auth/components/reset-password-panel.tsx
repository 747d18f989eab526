import { redirectDelayMs } from '@uplink/contract/constants';
import { useState } from 'react';
import { ButtonLink } from '../../../components/button';
import { CheckCircleIcon } from '../../../components/icons';
import { AuthCard } from '../../../components/layouts/auth-card';
import { errorText } from '../../../lib/error-text';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordFailure } from '../auth-errors';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { backToSignIn } from './auth-form';
import { NewPasswordForm } from './new-password-form';
import { ResultView } from './result-view';

export function ResetPasswordPanel({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const [error, setError] = useState<string | null>(null);

  useRedirectAfter(resetPassword.isSuccess, '/signin', redirectDelayMs);

  if (resetPassword.isSuccess) {
    return (
      <AuthCard title="Password reset">
        <ResultView
          icon={CheckCircleIcon}
          tone="success"
          message={resetPassword.data.message || 'Your password has been reset. You can now sign in.'}
        >
          <ButtonLink to="/signin" replace size="lg" className="w-full">
            Continue to Sign In
          </ButtonLink>
        </ResultView>
      </AuthCard>
    );
  }

  return (
    <NewPasswordForm
      title="Set a new password"
      subtitle="Choose a strong password you do not use anywhere else."
      wayOut={backToSignIn}
      labels={{ password: 'New password', confirmPassword: 'Confirm new password' }}
      submitLabel="Reset Password"
      busy={resetPassword.isPending}
      error={error}
      onSubmit={({ password, confirmPassword }) => {
        setError(null);
        resetPassword.mutate(
          { token, newPassword: password, confirmPassword },
          { onError: (failure) => setError(errorText(failure, resetPasswordFailure)) },
        );
      }}
    />
  );
}
