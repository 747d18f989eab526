import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ContactSection } from '../../features/landing/components/contact-section';
import { CopyTradingSection } from '../../features/landing/components/copy-trading-section';
import { EarnSection } from '../../features/landing/components/earn-section';
import { FaqSection } from '../../features/landing/components/faq-section';
import { Hero } from '../../features/landing/components/hero';
import { InvitationBanner } from '../../features/landing/components/invitation-banner';
import { landingTitle } from '../../features/landing/title';
import { useDocumentTitle } from '../../lib/document-title';

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
  return (
    <main id="main">
      <InvitationBanner />
      <Hero />
      <CopyTradingSection />
      <EarnSection />
      <FaqSection />
      <ContactSection />
    </main>
  );
}
