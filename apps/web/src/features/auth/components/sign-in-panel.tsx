import type { PendingUser } from '@uplink/contract/accounts';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { EmailField, PasswordField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-error';
import {
  arrivalAfterSignIn,
  destinationAfterSignIn,
  EmailNotVerifiedError,
  originRememberedIn,
  useAuth,
} from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { Link, useLocation, useNavigate } from '../../../lib/router/router';
import { pendingUserStorage } from '../../../lib/storage';
import { useLogin } from '../api/login';
import { signInFailure } from '../auth-errors';
import { authTexts } from '../auth-texts';
import type { SignInArrival } from '../hooks/use-redirect-after';
import { AuthForm } from './auth-form';

/*
 * Sign-in loads no schema library for the answer nearly every sign-in gets. The schemas that read
 * the rarer answers (an address still to verify, an administrator's second factor) come with them.
 */
const TotpSignInStep = lazy(() =>
  import('./totp-sign-in-step').then(({ TotpSignInStep }) => ({ default: TotpSignInStep })),
);

/** Who is to verify their address: as the server named them, else the address typed. */
async function identityFrom(value: unknown, fallbackEmail: string): Promise<PendingUser> {
  const { pendingUserSchema } = await import('@uplink/contract/accounts');
  const named = pendingUserSchema.safeParse(value);
  return named.success ? named.data : { email: fallbackEmail };
}

/** The challenge of an administrator's TOTP_REQUIRED answer, or null for any other failure. */
async function totpChallengeIn(failure: unknown): Promise<string | null> {
  if (!(failure instanceof ApiError) || failure.code !== 'TOTP_REQUIRED') return null;
  const { totpChallengeOf } = await import('../utils/totp-challenge');
  return totpChallengeOf(failure);
}

export function SignInPanel() {
  const navigate = useNavigate();
  const location = useLocation();
  const { startSession, sessionNotice, dismissSessionNotice } = useAuth();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // An administrator's right password with TOTP on: the code step follows, with this challenge.
  const [totpChallenge, setTotpChallenge] = useState<string | null>(null);

  // Unverified addresses cannot sign in: the user finishes verification first.
  function continueToVerification(identity: PendingUser) {
    pendingUserStorage.set(identity);
    navigate('/verify-email');
  }

  async function finishSignIn(token: string) {
    const user = await startSession(token, { remember });
    navigate(destinationAfterSignIn(user, originRememberedIn(location.state)), {
      replace: true,
      state: arrivalAfterSignIn,
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    dismissSessionNotice();
    setSubmitting(true);
    try {
      const result = await login.mutateAsync({ email: email.trim(), password });
      if (result.requiresVerification || !result.data.isEmailVerified) {
        continueToVerification(await identityFrom(result.data, email.trim()));
        return;
      }
      await finishSignIn(result.data.token);
    } catch (failure) {
      const challenge = await totpChallengeIn(failure);
      if (challenge) {
        setTotpChallenge(challenge);
      } else if (failure instanceof EmailNotVerifiedError) {
        const { email: userEmail, firstName, lastName } = failure.user;
        continueToVerification({ email: userEmail, firstName, lastName });
      } else if (
        failure instanceof ApiError &&
        (failure.requiresVerification || failure.code === 'EMAIL_NOT_VERIFIED')
      ) {
        continueToVerification(await identityFrom(failure.envelope?.data, email.trim()));
      } else {
        setError(errorText(failure, signInFailure));
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (totpChallenge) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <TotpSignInStep
          challengeToken={totpChallenge}
          onSignedIn={finishSignIn}
          onRestart={(notice) => {
            setTotpChallenge(null);
            setPassword('');
            setError(notice);
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthForm
      title="Sign In"
      subtitle="Welcome back. Sign in to your Uplink account."
      wayOut={{ prompt: "Don't have an account?", to: '/register', label: 'Sign up' }}
      error={error ?? sessionNotice}
      notice={(location.state as SignInArrival | null)?.emailVerified ? authTexts.verifiedSignIn : null}
      onSubmit={handleSubmit}
    >
      <EmailField
        name="email"
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
    </AuthForm>
  );
}
