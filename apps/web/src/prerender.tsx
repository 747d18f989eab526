import './lib/zod-jitless';
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { RouteTable } from './components/route-table';
import { landingTitle } from './features/landing/title';
import { documentTitleOf } from './lib/document-title';

/** Storage as a browser without saved data has it: the visitor signed out, with no invitation. */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/**
 * The landing page as a first-time visitor sees it before any JavaScript runs: the app's tree at
 * `/` (frame and sections, the reward calculator still waiting for its plan), rendered at build
 * time by the `uplink-prerender-landing` plugin of vite.config.ts into the page the server sends
 * for `/`. The app renders it again on the client (createRoot, not hydration: a signed-in
 * visitor's navigation bar differs).
 */
async function prerenderLanding(): Promise<{ html: string; title: string }> {
  globalThis.localStorage ??= emptyStorage();
  globalThis.sessionStorage ??= emptyStorage();
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider>
        <MemoryRouter initialEntries={['/']}>
          <RouteTable routes={routes} />
        </MemoryRouter>
      </AppProvider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  // A render error leaves the part of the page it hit to the client: the build must fail instead.
  if (errors.length > 0) throw new AggregateError(errors, 'the landing page failed to prerender');
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk));
  return { html: Buffer.concat(chunks).toString('utf8'), title: documentTitleOf(landingTitle) };
}

/**
 * Rendered on import: the plugin's module runner closes once the import has settled, and the
 * render loads the lazy frame and screen through it.
 */
export const landing = await prerenderLanding();
