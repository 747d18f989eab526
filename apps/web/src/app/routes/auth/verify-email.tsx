import { VerifyEmailPanel } from '../../../features/auth/components/verify-email-panel';
import { homePathFor, useAuth } from '../../../lib/auth';
import { Navigate, useSearchParams } from '../../../lib/router/router';

export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  // A signed-in user has a verified address already: nothing to do here.
  if (user?.isEmailVerified) return <Navigate to={homePathFor(user)} replace />;
  return <VerifyEmailPanel token={searchParams.get('token')} />;
}
