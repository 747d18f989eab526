import { Link } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-card';
import { SignInForm } from '../../../features/auth/components/sign-in-form';

export default function SignInPage() {
  return (
    <AuthCard
      title="Sign In"
      subtitle="Welcome back. Sign in to your Uplink account."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/register" className="font-semibold text-brand-700 hover:text-brand-800">
            Sign up
          </Link>
        </>
      }
    >
      <SignInForm />
    </AuthCard>
  );
}
