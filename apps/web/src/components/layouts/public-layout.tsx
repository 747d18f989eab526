import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Landing, auth and onboarding pages: the fixed navigation bar, the page, the footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
