import { ResetPasswordPanel } from '../../../features/auth/components/reset-password-panel';
import { Navigate, useSearchParams } from '../../../lib/router/router';

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <Navigate to="/forgot-password" replace />;
  return <ResetPasswordPanel token={token} />;
}
