import { useAuth } from '../../lib/auth';
import { useLocation, useNavigate } from '../../lib/router/router';
import { NavigationBar } from './navigation-bar';
import type { NavigationItem } from './navigation-items';

/**
 * The navigation bar of the routed app: the signed-in user from the session, the landing page's
 * look at `/`, the mobile menu closed by each navigation, and a sign-out that goes home.
 */
export function Navbar({ memberItems }: { memberItems?: NavigationItem[] }) {
  const { user, endSession } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = () => {
    endSession();
    navigate('/');
  };
  return (
    <NavigationBar
      {...(user ? { user, onSignOut: signOut } : { user: null })}
      onLanding={location.pathname === '/'}
      memberItems={memberItems}
      locationKey={`${location.pathname}${location.hash}`}
    />
  );
}
