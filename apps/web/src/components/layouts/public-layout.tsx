import { useAuth } from '../../lib/auth';
import { Outlet } from '../../lib/router/router';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { PublicFrame } from './public-frame';

/** Landing, auth and onboarding pages in the routed app. */
export function PublicLayout() {
  const { user } = useAuth();
  return (
    <PublicFrame navigationBar={<Navbar />} footer={<Footer user={user} />}>
      <Outlet />
    </PublicFrame>
  );
}
