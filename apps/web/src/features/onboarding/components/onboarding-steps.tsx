import { CheckIcon } from '../../../components/icons';
import { onboardingTexts } from '../onboarding-texts';

type StepState = 'done' | 'current' | 'upcoming';

/** The two steps, numbered, with the current one highlighted and finished ones ticked. */
export function OnboardingSteps({ paid, linked }: { paid: boolean; linked: boolean }) {
  const steps: { number: number; label: string; state: StepState }[] = [
    { number: 1, label: onboardingTexts.stepPay, state: paid ? 'done' : 'current' },
    { number: 2, label: onboardingTexts.stepLink, state: linked ? 'done' : paid ? 'current' : 'upcoming' },
  ];
  return (
    <ol className="flex items-center gap-3 sm:gap-4" aria-label="Onboarding steps">
      {steps.map((step, index) => (
        <li
          key={step.number}
          className="flex flex-1 items-center gap-3"
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span
            className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full font-semibold text-sm ${
              step.state === 'done'
                ? 'bg-emerald-600 text-white'
                : step.state === 'current'
                  ? 'bg-brand-700 text-white ring-4 ring-brand-100'
                  : 'border border-slate-300 bg-white text-slate-500'
            }`}
          >
            {step.state === 'done' ? <CheckIcon size={18} /> : step.number}
          </span>
          <span className={`font-medium text-sm ${step.state === 'upcoming' ? 'text-slate-500' : 'text-slate-900'}`}>
            <span className="sr-only">{step.number} </span>
            {step.label}
            {step.state === 'done' ? <span className="sr-only"> (done)</span> : null}
          </span>
          {index < steps.length - 1 ? (
            <span
              aria-hidden="true"
              className={`hidden h-px flex-1 sm:block ${paid ? 'bg-emerald-300' : 'bg-slate-200'}`}
            />
          ) : null}
        </li>
      ))}
    </ol>
  );
}
