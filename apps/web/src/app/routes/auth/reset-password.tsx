import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-card';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <Navigate to="/forgot-password" replace />;
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
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
