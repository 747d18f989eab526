import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { RouterLinksProvider } from './components/app-link';
import { preloadRoutes, RouteTable } from './components/route-table';
import { routerLinks } from './lib/router-links';
import './index.css';

const container = document.getElementById('root')!;
const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <AppProvider>
        <BrowserRouter>
          <RouterLinksProvider value={routerLinks}>
            <RouteTable routes={routes} />
          </RouterLinksProvider>
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );

if (container.hasChildNodes()) {
  // The server sent the landing page prerendered (src/prerender.tsx) and a member is signed in
  // (src/landing-entry.tsx started the app): the page stays on screen until the code of the screen
  // and frame at this address has loaded, and the app then replaces it in a transition, which
  // waits for those lazy components instead of committing RouteTable's spinner meanwhile.
  void preloadRoutes(routes, window.location).then(() => startTransition(render));
} else {
  render();
}
