import { useState } from 'react';
import { BlockingOverlay } from '../../components/blocking-overlay';
import { useRefreshSubscription } from '../../features/onboarding/api/refresh-subscription';
import { LinkExchangePanel } from '../../features/onboarding/components/link-exchange-panel';
import { OnboardingComplete } from '../../features/onboarding/components/onboarding-complete';
import { OnboardingSteps } from '../../features/onboarding/components/onboarding-steps';
import { PaymentPanel, type RefreshNotice } from '../../features/onboarding/components/payment-panel';
import { onboardingTexts } from '../../features/onboarding/onboarding-texts';
import { useAuth, useProfilePolling } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/document-title';
import { errorText } from '../../lib/error-text';
import { useNavigate } from '../../lib/router/router';

/** How often the open payment panel reloads the profile, which the background scan updates. */
const paymentPollMs = 5_000;

export default function OnboardingPage() {
  useDocumentTitle('Onboarding');
  const { user, refreshProfile } = useAuth();
  const navigate = useNavigate();
  const refresh = useRefreshSubscription();
  const [refreshNotice, setRefreshNotice] = useState<RefreshNotice | null>(null);
  // Right after a successful link onboarding is complete; the profile is reloaded on the way out,
  // otherwise the guard would leave for /dashboard before 'Onboarding Complete!' is seen.
  const [justLinked, setJustLinked] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const paid = user?.subscriptionFee.paid ?? false;
  // While the payment panel is open the screen follows the background scan by itself.
  useProfilePolling(paymentPollMs, user !== null && !paid);

  if (!user) return null;
  const linked = justLinked || Boolean(user.bingXUID);

  async function handleRefresh() {
    setRefreshNotice(null);
    try {
      const fee = await refresh.mutateAsync();
      await refreshProfile();
      if (!fee.paid) {
        const text = fee.received > 0 ? onboardingTexts.partialNotice : onboardingTexts.notYetConfirmed;
        setRefreshNotice({ tone: 'info', text });
      }
    } catch (error) {
      setRefreshNotice({ tone: 'error', text: errorText(error, { exception: onboardingTexts.refreshFailed }) });
    }
  }

  async function goToDashboard() {
    setLeaving(true);
    await refreshProfile();
    navigate('/dashboard', { replace: true });
  }

  return (
    <main id="main" className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 pt-24 pb-16 sm:pt-28">
      <div className="mx-auto max-w-3xl">
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{onboardingTexts.title}</h1>
        <p className="mt-2 text-slate-600">{onboardingTexts.subtitle}</p>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-6">
          <OnboardingSteps paid={paid} linked={linked} />
        </div>
        <div className="mt-6">
          {!paid ? (
            <PaymentPanel
              depositAddress={user.walletAddress}
              subscription={user.subscriptionFee}
              onRefresh={handleRefresh}
              refreshNotice={refreshNotice}
            />
          ) : !linked ? (
            <LinkExchangePanel onLinked={() => setJustLinked(true)} />
          ) : (
            <OnboardingComplete onContinue={goToDashboard} busy={leaving} />
          )}
        </div>
      </div>
      <BlockingOverlay open={refresh.isPending} title={onboardingTexts.refreshing}>
        {onboardingTexts.refreshingBody}
      </BlockingOverlay>
    </main>
  );
}
