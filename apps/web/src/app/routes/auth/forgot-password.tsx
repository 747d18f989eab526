import { ForgotPasswordPanel } from '../../../features/auth/components/forgot-password-panel';

export default function ForgotPasswordPage() {
  return <ForgotPasswordPanel />;
}
