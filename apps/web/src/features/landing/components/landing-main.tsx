import { RewardPlanProvider } from '../api/get-reward-plan';
import { ContactSection } from './contact-section';
import { CopyTradingSection } from './copy-trading-section';
import { EarnSection } from './earn-section';
import { FaqSection } from './faq-section';
import { Hero } from './hero';
import { InvitationBanner } from './invitation-banner';

/** The landing page's content, below the navigation bar and above the footer; it reads the reward plan once. */
export function LandingMain({ invalidInvitation }: { invalidInvitation?: boolean }) {
  return (
    <RewardPlanProvider>
      <main id="main">
        <InvitationBanner invalidInvitation={invalidInvitation} />
        <Hero />
        <CopyTradingSection />
        <EarnSection />
        <FaqSection />
        <ContactSection />
      </main>
    </RewardPlanProvider>
  );
}
