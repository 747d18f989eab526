import { Link } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-card';
import { RegisterForm } from '../../../features/auth/components/register-form';

export default function RegisterPage() {
  return (
    <AuthCard
      title="Create your account"
      subtitle="Join with the referral code of the member who invited you."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/signin" className="font-semibold text-brand-700 hover:text-brand-800">
            Sign in
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
