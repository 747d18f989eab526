import { type FormEvent, useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { MailIcon } from '../../../components/icons';
import { AuthCard } from '../../../components/layouts/auth-card';
import { EmailField } from '../../../components/text-field';
import { errorText } from '../../../lib/error-text';
import { useForgotPassword } from '../api/forgot-password';
import { forgotPasswordFailure } from '../auth-errors';
import { authTexts } from '../auth-texts';
import { AuthForm, backToSignIn } from './auth-form';
import { ResultView } from './result-view';

export function ForgotPasswordPanel() {
  const forgotPassword = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return;
    setError(null);
    try {
      await forgotPassword.mutateAsync({ email: email.trim() });
    } catch (failure) {
      setError(errorText(failure, forgotPasswordFailure));
    }
  }

  if (forgotPassword.isSuccess) {
    return (
      <AuthCard title="Check your inbox">
        <ResultView icon={MailIcon} tone="brand" message={authTexts.resetLinkSent}>
          <ButtonLink to="/signin" size="lg" className="w-full">
            Back to Sign In
          </ButtonLink>
        </ResultView>
      </AuthCard>
    );
  }

  return (
    <AuthForm
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      wayOut={backToSignIn}
      error={error}
      onSubmit={handleSubmit}
    >
      <EmailField
        name="email"
        required
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" size="lg" className="w-full" disabled={!email.trim()} busy={forgotPassword.isPending}>
        Send Reset Link
      </Button>
    </AuthForm>
  );
}
