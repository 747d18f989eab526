import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { VisitorLanding } from './app/visitor-landing';
import { appScriptMeta } from './lib/app-script';
import { tokenStorage } from './lib/storage';
import './index.css';

/**
 * The script of the page the server sends for `/` (dist/landing.html, the landing page rendered at
 * build time): for a visitor it makes that page live with React alone, so a first visit downloads
 * neither the router nor the query client nor any screen but this one. A signed-in member sees
 * their own navigation bar instead, so the whole app starts and replaces the page (src/main.tsx,
 * the script of index.html, which the build names in landing.html's `appScriptMeta` element).
 */
const container = document.getElementById('root') as HTMLElement;
if (tokenStorage.get() === null) {
  hydrateRoot(
    container,
    <StrictMode>
      <VisitorLanding />
    </StrictMode>,
  );
} else {
  const appScript = document.querySelector<HTMLMetaElement>(`meta[name="${appScriptMeta}"]`)?.content;
  if (!appScript) throw new Error(`landing.html names no app script (meta ${appScriptMeta})`);
  void import(/* @vite-ignore */ appScript);
}
