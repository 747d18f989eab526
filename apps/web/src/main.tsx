import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { preloadRoutes, RouteTable } from './components/route-table';
import './index.css';

const container = document.getElementById('root')!;
const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <AppProvider>
        <BrowserRouter>
          <RouteTable routes={routes} />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );

if (container.hasChildNodes()) {
  // The server sent the page prerendered (the landing page, see src/prerender.tsx): it stays
  // on screen until the code of the screen and frame at this address has loaded, and the app then
  // replaces it in a transition, which waits for those lazy components instead of committing
  // RouteTable's spinner for the moment React takes to read them.
  void preloadRoutes(routes, window.location).then(() => startTransition(render));
} else {
  render();
}
