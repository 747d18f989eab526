import { useEffect, useRef } from 'react';
import { LandingMain } from '../../features/landing/components/landing-main';
import { landingTitle } from '../../features/landing/title';
import { useDocumentTitle } from '../../lib/document-title';
import { useLocation } from '../../lib/router/router';

/**
 * Scrolls to the section named in the URL hash (#copy-trading, #earn, #contact-us) on arrival, or
 * to the top when the app navigated here; not on the page's first load (the initial location,
 * key "default"), where the browser has placed the page, as the visitor may have scrolled the
 * prerendered page before the app rendered.
 */
function useScrollToHash() {
  const { hash, key } = useLocation();
  const firstLoad = useRef(key === 'default');
  useEffect(() => {
    const placedByBrowser = firstLoad.current;
    firstLoad.current = false;
    if (!hash) {
      if (!placedByBrowser) window.scrollTo({ top: 0 });
      return;
    }
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
  }, [hash]);
}

export default function LandingPage() {
  useDocumentTitle(landingTitle);
  useScrollToHash();
  const { state } = useLocation();
  const invalidInvitation = (state as { invalidInvitation?: boolean } | null)?.invalidInvitation === true;
  return <LandingMain invalidInvitation={invalidInvitation} />;
}
