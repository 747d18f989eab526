import { RegisterPanel } from '../../../features/auth/components/register-panel';

export default function RegisterPage() {
  return <RegisterPanel />;
}
