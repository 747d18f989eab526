import { AppLink } from '../../../components/app-link';
import { ExternalLinkIcon } from '../../../components/icons';
import { publicLinks } from '../../../config/public-links';
import { useMinimumExchangeBalance } from '../api/get-reward-plan';

const linkClass =
  'mt-2 inline-flex items-center gap-1.5 font-semibold text-brand-300 text-sm hover:text-brand-200 focus-visible:outline-2 focus-visible:outline-brand-400 rounded';

/** Where a step leads: a page of the exchange (in a new tab) or of this site. */
type StepDestination = { label: string; href: string } | { label: string; to: string };

/** The steps, the funding one stating this server's exchange-balance line. */
const stepsFor = (minimumBalance: number): { title: string; text: string; link?: StepDestination }[] => [
  {
    title: 'Join the exchange through the affiliate link',
    text: 'Open your BingX account with our partner link.',
    link: { label: 'Open a BingX account', href: publicLinks.exchangeAffiliateUrl },
  },
  {
    title: `Complete KYC and fund ${minimumBalance} USD`,
    text: `Verify your identity on BingX and deposit at least ${minimumBalance} USD.`,
  },
  {
    title: 'Copy the master trader',
    text: 'Follow our master trader on BingX copy trading.',
    link: { label: 'Copy the master trader', href: publicLinks.masterTraderUrl },
  },
  {
    title: 'Create your Uplink account',
    text: 'Register with the referral code of the member who invited you.',
    link: { label: 'Create your account', to: '/register' },
  },
];

/** The four steps from a visitor to a member. */
export function StartGuide() {
  const steps = stepsFor(useMinimumExchangeBalance());
  return (
    <div className="rounded-3xl border border-white/10 bg-white/[0.04] p-6 shadow-2xl shadow-black/40 backdrop-blur sm:p-8">
      <h2 className="font-semibold text-lg text-white">Start in four steps</h2>
      <p className="mt-1 text-slate-400 text-sm">About 15 minutes from sign-up to your first copied trade.</p>
      <ol className="mt-6 space-y-6">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <StepNumber n={index + 1} />
            <div>
              <p className="font-semibold text-white">{step.title}</p>
              <p className="mt-1 text-slate-400 text-sm">{step.text}</p>
              {step.link ? <StepLink link={step.link} /> : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-500 font-bold text-slate-950 text-sm"
    >
      {n}
    </span>
  );
}

function StepLink({ link }: { link: StepDestination }) {
  if ('to' in link) {
    return (
      <AppLink to={link.to} className={linkClass}>
        {link.label}
      </AppLink>
    );
  }
  return (
    <a href={link.href} target="_blank" rel="noreferrer" className={linkClass}>
      {link.label} <ExternalLinkIcon size={14} />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
