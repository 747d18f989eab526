import { ButtonLink } from '../../../components/button';
import { ArrowRightIcon, ShieldIcon } from '../../../components/icons';
import { StartGuide } from './start-guide';

const headlineFigures = [
  { value: '50%', label: 'of profit stays with you' },
  { value: '5-10%', label: 'typical monthly return' },
  { value: '100+', label: 'traders to copy' },
  { value: '24/7', label: 'access, any device' },
];

/** The dark hero: the promise, the headline figures and the four-step guide. */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-ink-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgba(20,184,166,0.28),transparent),radial-gradient(40rem_24rem_at_0%_110%,rgba(14,116,144,0.25),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-28 pb-20 sm:px-6 sm:pt-32 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:px-8 lg:pt-40 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-400/30 bg-brand-400/10 px-3 py-1 font-medium text-brand-200 text-xs">
            <span className="h-1.5 w-1.5 rounded-full bg-brand-400" aria-hidden="true" />
            Invite-only copy-trading network
          </p>
          <h1 id="hero-title" className="mt-6 font-bold text-4xl leading-[1.1] tracking-tight sm:text-5xl xl:text-6xl">
            Copy a master trader.
            <span className="block bg-gradient-to-r from-brand-300 to-cyan-300 bg-clip-text text-transparent">
              Keep 50% of the profit.
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-300 leading-relaxed">
            Mirror every trade of an experienced master trader on BingX — a typical month returns 5-10%. There is no
            minimum trading package, and top performers unlock bonus perks: tours, conferences, education and gifts.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/register" variant="accent" size="lg">
              Create your account <ArrowRightIcon size={18} />
            </ButtonLink>
            <ButtonLink to="/#copy-trading" variant="outlineInverted" size="lg">
              How copy trading works
            </ButtonLink>
          </div>
          <p className="mt-6 flex items-start gap-2 text-slate-300 text-sm">
            <ShieldIcon size={18} className="mt-0.5 shrink-0 text-brand-300" />
            We never hold your funds. They stay on the partner exchange, in your own account.
          </p>
          <dl className="mt-10 grid grid-cols-2 gap-x-6 gap-y-6 border-white/10 border-t pt-8 sm:grid-cols-4">
            {headlineFigures.map((figure) => (
              <div key={figure.value}>
                <dt className="sr-only">{figure.label}</dt>
                <dd className="font-bold text-3xl text-white tabular-nums">{figure.value}</dd>
                <dd className="mt-1 text-slate-400 text-sm">{figure.label}</dd>
              </div>
            ))}
          </dl>
        </div>
        <StartGuide />
      </div>
    </section>
  );
}
