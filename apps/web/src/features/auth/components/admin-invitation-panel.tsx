import { adminTeamTexts } from '@uplink/contract/admin-roles';
import { useState } from 'react';
import { ButtonLink } from '../../../components/button';
import { AlertIcon } from '../../../components/icons';
import { AuthCard } from '../../../components/layouts/auth-card';
import { errorText } from '../../../lib/error-text';
import { useAcceptAdminInvitation } from '../api/accept-admin-invitation';
import { acceptInvitationFailure } from '../auth-errors';
import { backToSignIn } from './auth-form';
import { NewPasswordForm, NewPasswordSet } from './new-password-form';
import { ResultView } from './result-view';

/**
 * An invited administrator's first visit: a password under the reset screen's rules, then the way
 * to sign in. A link that was used, revoked or has expired is refused in the server's words.
 */
export function AdminInvitationPanel({ token }: { token: string | null }) {
  const accept = useAcceptAdminInvitation();
  const [error, setError] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthCard title={adminTeamTexts.invitationTitle}>
        <ResultView icon={AlertIcon} tone="error" message={adminTeamTexts.invitationMissingToken}>
          <ButtonLink to="/signin" size="lg" variant="secondary" className="w-full">
            Go to Sign In
          </ButtonLink>
        </ResultView>
      </AuthCard>
    );
  }

  if (accept.isSuccess) {
    return (
      <NewPasswordSet
        title="You're on the team"
        message={
          <>
            <p>{adminTeamTexts.invitationAccepted}</p>
            <p className="mt-2 font-medium text-slate-900">{accept.data.email}</p>
          </>
        }
      />
    );
  }

  return (
    <NewPasswordForm
      title={adminTeamTexts.invitationTitle}
      subtitle={adminTeamTexts.invitationIntro}
      wayOut={{ ...backToSignIn, prompt: 'Already set up?' }}
      labels={{ password: 'Password', confirmPassword: 'Confirm password' }}
      submitLabel="Create my account"
      busy={accept.isPending}
      error={error}
      onSubmit={({ password, confirmPassword }) => {
        setError(null);
        accept.mutate(
          { token, password, confirmPassword },
          { onError: (failure) => setError(errorText(failure, acceptInvitationFailure)) },
        );
      }}
    />
  );
}
