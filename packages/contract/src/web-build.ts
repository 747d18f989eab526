/**
 * What the web build (apps/web/vite.config.ts) writes for the server (apps/server/src/http/
 * web-app-serving.ts) beside the files it serves: one name for each, on both sides.
 */
export const webBuildFiles = {
  /** The page for `/`: index.html with the landing page prerendered in it and its own entry. */
  landing: 'landing.html',
  /** By address, the chunks each app page loads before it renders; read by the server, never sent. */
  pagePreloads: 'page-preloads.json',
} as const;

/** The head element that has the browser fetch a chunk of the build beside the page's entry. */
export const modulePreloadLink = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
