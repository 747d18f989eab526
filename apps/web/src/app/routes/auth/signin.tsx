import { SignInPanel } from '../../../features/auth/components/sign-in-panel';

export default function SignInPage() {
  return <SignInPanel />;
}
