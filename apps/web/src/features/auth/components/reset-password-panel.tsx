import { redirectDelayMs } from '@uplink/contract/constants';
import { resetPasswordMessages, unmetPasswordRequirements } from '@uplink/contract/password-rules';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { CheckCircleIcon } from '../../../components/icons';
import { AuthCard } from '../../../components/layouts/auth-card';
import { PasswordField } from '../../../components/text-field';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordErrorText } from '../auth-errors';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { FormAlert } from './form-alert';
import { PasswordRequirementsList } from './password-requirements-list';
import { ResultView } from './result-view';

export function ResetPasswordPanel({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [newPasswordTouched, setNewPasswordTouched] = useState(false);
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const requirementsMet = unmetPasswordRequirements(newPassword).length === 0;
  // A mismatch is pointed out once the confirmation is complete, not on every keystroke.
  const confirmComplete = confirmTouched || submitted || confirmPassword.length >= newPassword.length;
  const mismatch = confirmPassword !== '' && confirmPassword !== newPassword && confirmComplete;
  const showSummary = !requirementsMet && (newPasswordTouched || submitted) && newPassword !== '';

  useRedirectAfter(resetPassword.isSuccess, '/signin', redirectDelayMs);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    // Unmet rules and a mismatch are already shown beside the fields.
    if (!requirementsMet || newPassword !== confirmPassword) return;
    try {
      await resetPassword.mutateAsync({ token, newPassword, confirmPassword });
    } catch (failure) {
      setError(resetPasswordErrorText(failure));
    }
  }

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
    <AuthCard
      title="Set a new password"
      subtitle="Choose a strong password you do not use anywhere else."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/signin" className="font-semibold text-brand-700 hover:text-brand-800">
            Back to Sign In
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <FormAlert message={error} />
        {showSummary ? (
          <div className="mb-5">
            <Alert tone="warning">{resetPasswordMessages.summary}</Alert>
          </div>
        ) : null}
        <div className="space-y-5">
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            onBlur={() => setNewPasswordTouched(true)}
          />
          <PasswordRequirementsList password={newPassword} />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            onBlur={() => setConfirmTouched(true)}
            error={mismatch ? resetPasswordMessages.mismatch : null}
          />
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={!requirementsMet || !confirmPassword}
            busy={resetPassword.isPending}
          >
            Reset Password
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
