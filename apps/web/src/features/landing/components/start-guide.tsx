import { Link } from 'react-router';
import { ExternalLinkIcon } from '../../../components/icons';
import { publicLinks } from '../../../config/public-links';

const linkClass =
  'mt-2 inline-flex items-center gap-1.5 font-semibold text-brand-300 text-sm hover:text-brand-200 focus-visible:outline-2 focus-visible:outline-brand-400 rounded';

/** The four steps from a visitor to a member (spec section 2, landing page). */
export function StartGuide() {
  return (
    <div className="rounded-3xl border border-white/10 bg-white/[0.04] p-6 shadow-2xl shadow-black/40 backdrop-blur sm:p-8">
      <h2 className="font-semibold text-lg text-white">Start in four steps</h2>
      <p className="mt-1 text-slate-400 text-sm">About 15 minutes from sign-up to your first copied trade.</p>
      <ol className="mt-6 space-y-6">
        <li className="flex gap-4">
          <StepNumber n={1} />
          <div>
            <p className="font-semibold text-white">Join the exchange through the affiliate link</p>
            <p className="mt-1 text-slate-400 text-sm">Open your BingX account with our partner link.</p>
            <a href={publicLinks.exchangeAffiliateUrl} target="_blank" rel="noreferrer" className={linkClass}>
              Open a BingX account <ExternalLinkIcon size={14} />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </li>
        <li className="flex gap-4">
          <StepNumber n={2} />
          <div>
            <p className="font-semibold text-white">Complete KYC and fund 100 USD</p>
            <p className="mt-1 text-slate-400 text-sm">Verify your identity on BingX and deposit at least 100 USD.</p>
          </div>
        </li>
        <li className="flex gap-4">
          <StepNumber n={3} />
          <div>
            <p className="font-semibold text-white">Copy the master trader</p>
            <p className="mt-1 text-slate-400 text-sm">Follow our master trader on BingX copy trading.</p>
            <a href={publicLinks.masterTraderUrl} target="_blank" rel="noreferrer" className={linkClass}>
              Copy the master trader <ExternalLinkIcon size={14} />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </li>
        <li className="flex gap-4">
          <StepNumber n={4} />
          <div>
            <p className="font-semibold text-white">Create your Uplink account</p>
            <p className="mt-1 text-slate-400 text-sm">
              Register with the referral code of the member who invited you.
            </p>
            <Link to="/register" className={linkClass}>
              Create your account
            </Link>
          </div>
        </li>
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
