import { Footer } from '../components/layouts/footer';
import { NavigationBar } from '../components/layouts/navigation-bar';
import { PublicFrame } from '../components/layouts/public-frame';
import { LandingMain } from '../features/landing/components/landing-main';

/**
 * The landing page as a visitor who is not signed in sees it, without the router, the query client
 * or the session: what src/prerender.tsx renders into dist/landing.html at build time and
 * src/landing-entry.tsx hydrates in the browser. Its links are plain anchors; the page they open
 * starts the app.
 */
export function VisitorLanding() {
  return (
    <PublicFrame navigationBar={<NavigationBar user={null} onLanding />} footer={<Footer user={null} />}>
      <LandingMain />
    </PublicFrame>
  );
}
