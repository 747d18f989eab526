import { redirectDelayMs } from '@uplink/contract/constants';
import { resetPasswordMessages, unmetPasswordRequirements } from '@uplink/contract/password-rules';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { CheckCircleIcon } from '../../../components/icons';
import { AuthCard } from '../../../components/layouts/auth-card';
import { PasswordField } from '../../../components/text-field';
import { errorText } from '../../../lib/error-text';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordFailure } from '../auth-errors';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { AuthForm, backToSignIn } from './auth-form';
import { PasswordRequirementsList } from './password-requirements-list';
import { ResultView } from './result-view';

type PasswordInput = 'newPassword' | 'confirmPassword';

export function ResetPasswordPanel({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const [form, setForm] = useState<Record<PasswordInput, string>>({ newPassword: '', confirmPassword: '' });
  // A field is touched once it loses focus: its problems are pointed out from then on.
  const [touched, setTouched] = useState<Record<PasswordInput, boolean>>({
    newPassword: false,
    confirmPassword: false,
  });
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { newPassword, confirmPassword } = form;

  const requirementsMet = unmetPasswordRequirements(newPassword).length === 0;
  // A mismatch is pointed out once the confirmation is complete, not on every keystroke.
  const confirmComplete = touched.confirmPassword || submitted || confirmPassword.length >= newPassword.length;
  const mismatch = confirmPassword !== '' && confirmPassword !== newPassword && confirmComplete;
  const showSummary = !requirementsMet && (touched.newPassword || submitted) && newPassword !== '';

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
      setError(errorText(failure, resetPasswordFailure));
    }
  }

  const field = (name: PasswordInput) => ({
    name,
    autoComplete: 'new-password',
    value: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
  });

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
    <AuthForm
      title="Set a new password"
      subtitle="Choose a strong password you do not use anywhere else."
      wayOut={backToSignIn}
      error={error}
      warning={showSummary ? resetPasswordMessages.summary : null}
      onSubmit={handleSubmit}
      noValidate
    >
      <PasswordField label="New password" {...field('newPassword')} />
      <PasswordRequirementsList password={newPassword} />
      <PasswordField
        label="Confirm new password"
        {...field('confirmPassword')}
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
    </AuthForm>
  );
}
