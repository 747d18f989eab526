import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider, createAppQueryClient } from './app/provider';
import { routes } from './app/router';
import { RouterLinksProvider } from './components/app-link';
import { preloadRoutes, RouteTable } from './components/route-table';
import { prefetchSession } from './lib/auth';
import { BrowserRouter } from './lib/router/router';
import { routerLinks } from './lib/router-links';
import './index.css';

const queryClient = createAppQueryClient();
void prefetchSession(queryClient);

const container = document.getElementById('root')!;
const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <BrowserRouter>
          <RouterLinksProvider value={routerLinks}>
            <RouteTable routes={routes} />
          </RouterLinksProvider>
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );

if (container.hasChildNodes()) {
  // The page came with a first paint (src/prerender.tsx): the loading screen of index.html, or the
  // landing page, whose entry starts the app for a signed-in member. It stays on screen until the
  // code of the screen and frame at this address has loaded, and the app then replaces it in a
  // transition, which waits for those lazy components instead of committing a spinner meanwhile.
  void preloadRoutes(routes, window.location).then(() => startTransition(render));
} else {
  render();
}
