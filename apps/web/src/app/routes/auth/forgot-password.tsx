import { Link } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to reset your password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/signin" className="font-semibold text-brand-700 hover:text-brand-800">
            Back to Sign In
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
