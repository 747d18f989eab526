import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ContactSection } from '../../features/landing/components/contact-section';
import { CopyTradingSection } from '../../features/landing/components/copy-trading-section';
import { EarnSection } from '../../features/landing/components/earn-section';
import { FaqSection } from '../../features/landing/components/faq-section';
import { Hero } from '../../features/landing/components/hero';
import { InvitationBanner } from '../../features/landing/components/invitation-banner';
import { landingTitle } from '../../features/landing/title';
import { useDocumentTitle } from '../../lib/document-title';

/** Scrolls to the section named in the URL hash (#copy-trading, #earn, #contact-us) on arrival. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0 });
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
