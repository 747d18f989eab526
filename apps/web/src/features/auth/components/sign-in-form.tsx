import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { PasswordField, TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { destinationAfterSignIn, EmailNotVerifiedError, useAuth } from '../../../lib/auth';
import { pendingUserStorage } from '../../../lib/storage';
import { useLogin } from '../api/login';
import { signInErrorText } from '../auth-errors';
import { FormAlert } from './form-alert';

interface PendingIdentity {
  email: string;
  firstName?: string;
  lastName?: string;
}

function identityFrom(value: unknown, fallbackEmail: string): PendingIdentity {
  const candidate = value as Partial<PendingIdentity> | null | undefined;
  if (candidate && typeof candidate.email === 'string') {
    return { email: candidate.email, firstName: candidate.firstName, lastName: candidate.lastName };
  }
  return { email: fallbackEmail };
}

export function SignInForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const { startSession } = useAuth();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Unverified addresses cannot sign in: the user finishes verification first.
  function continueToVerification(identity: PendingIdentity) {
    pendingUserStorage.set(identity);
    navigate('/verify-email');
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const result = await login.mutateAsync({ email: email.trim(), password });
      if (result.requiresVerification || !result.data.isEmailVerified) {
        continueToVerification(identityFrom(result.data, email.trim()));
        return;
      }
      const user = await startSession(result.data.token, { remember });
      navigate(destinationAfterSignIn(user, location.state?.from), { replace: true });
    } catch (failure) {
      if (failure instanceof EmailNotVerifiedError) {
        const { email: userEmail, firstName, lastName } = failure.user;
        continueToVerification({ email: userEmail, firstName, lastName });
      } else if (
        failure instanceof ApiError &&
        (failure.requiresVerification || failure.code === 'EMAIL_NOT_VERIFIED')
      ) {
        continueToVerification(identityFrom(failure.envelope?.data, email.trim()));
      } else {
        setError(signInErrorText(failure));
      }
    } finally {
      setSubmitting(false);
    }
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
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="you@example.com"
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex items-center justify-between gap-4">
          <Checkbox label="Remember me" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <Link to="/forgot-password" className="font-medium text-brand-700 text-sm hover:text-brand-800">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" busy={submitting}>
          Sign In
        </Button>
      </div>
    </form>
  );
}
