import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { VisitorLanding } from './app/visitor-landing';
import { FullPageSpinner } from './components/full-page-spinner';
import { landingTitle } from './features/landing/title';
import { documentTitleOf } from './lib/document-title';

/**
 * The landing page as a first-time visitor sees it before any JavaScript runs (frame and sections,
 * the reward calculator still waiting for its plan), rendered at build time by the
 * `uplink-prerender-landing` plugin of vite.config.ts into the page the server sends for `/`.
 * src/landing-entry.tsx hydrates this very tree in the browser.
 */
async function prerenderLanding(): Promise<{ html: string; title: string }> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <VisitorLanding />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  // A render error leaves the part of the page it hit to the client: the build must fail instead.
  if (errors.length > 0) throw new AggregateError(errors, 'the landing page failed to prerender');
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk));
  return { html: Buffer.concat(chunks).toString('utf8'), title: documentTitleOf(landingTitle) };
}

/** Rendered on import: the plugin's module runner closes once the import has settled. */
export const landing = await prerenderLanding();

/**
 * The loading screen the build writes into index.html: every other page paints it as soon as its
 * HTML and CSS arrive, until src/main.tsx has loaded the page's code and renders it.
 */
export const loading = renderToStaticMarkup(<FullPageSpinner />);
