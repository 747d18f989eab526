import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { MailIcon } from '../../../components/icons';
import { AuthCard } from '../../../components/layouts/auth-card';
import { TextField } from '../../../components/text-field';
import { useForgotPassword } from '../api/forgot-password';
import { forgotPasswordErrorText } from '../auth-errors';
import { authTexts } from '../auth-texts';
import { FormAlert } from './form-alert';
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
      await forgotPassword.mutateAsync(email.trim());
    } catch (failure) {
      setError(forgotPasswordErrorText(failure));
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
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/signin" className="font-semibold text-brand-700 hover:text-brand-800">
            Back to Sign In
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit}>
        <FormAlert message={error} />
        <div className="space-y-5">
          <TextField
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            required
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={!email.trim()} busy={forgotPassword.isPending}>
            Send Reset Link
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
