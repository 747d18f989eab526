import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { CheckCircleIcon } from '../../../components/icons';
import { onboardingTexts } from '../onboarding-texts';

/** The final state: both steps done. */
export function OnboardingComplete({ onContinue, busy }: { onContinue: () => void; busy: boolean }) {
  return (
    <Card className="px-6 py-10 text-center sm:px-10">
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <CheckCircleIcon size={30} />
      </div>
      <h2 className="mt-4 font-bold text-2xl text-slate-900 tracking-tight">{onboardingTexts.complete}</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600 text-sm">{onboardingTexts.completeBody}</p>
      <Button size="lg" className="mt-6" onClick={onContinue} busy={busy}>
        {onboardingTexts.goToDashboard}
      </Button>
    </Card>
  );
}
