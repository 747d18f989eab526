import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { MailIcon } from '../../../components/icons';
import { TextField } from '../../../components/text-field';
import { useForgotPassword } from '../api/forgot-password';
import { forgotPasswordErrorText } from '../auth-errors';
import { authTexts } from '../auth-texts';
import { FormAlert } from './form-alert';
import { StatusIcon } from './status-icon';

export function ForgotPasswordForm() {
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
      <div className="space-y-6">
        <StatusIcon icon={MailIcon} tone="brand" />
        <Alert tone="success" title="Check your inbox">
          {authTexts.resetLinkSent}
        </Alert>
        <ButtonLink to="/signin" variant="secondary" size="lg" className="w-full">
          Back to Sign In
        </ButtonLink>
      </div>
    );
  }

  return (
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
  );
}
