import { redirectDelayMs } from '@uplink/contract/constants';
import { useState } from 'react';
import { errorText } from '../../../lib/error-text';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordFailure } from '../auth-errors';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { backToSignIn } from './auth-form';
import { NewPasswordForm, NewPasswordSet } from './new-password-form';

export function ResetPasswordPanel({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const [error, setError] = useState<string | null>(null);

  useRedirectAfter(resetPassword.isSuccess, '/signin', redirectDelayMs);

  if (resetPassword.isSuccess) {
    return (
      <NewPasswordSet
        title="Password reset"
        message={resetPassword.data.message || 'Your password has been reset. You can now sign in.'}
      />
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
