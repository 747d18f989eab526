import { Link } from 'react-router';
import { publicLinks } from '../../config/public-links';
import { MailIcon, SendIcon, UsersIcon } from '../icons';
import { Logo } from '../logo';

const socialPlaceholders = ['X (Twitter)', 'YouTube'];

/** Contact e-mail, the two messaging-group links, two social placeholders and the 2025 copyright. */
export function Footer() {
  return (
    <footer className="bg-ink-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Logo inverted />
          <p className="mt-4 max-w-sm text-slate-400 text-sm leading-relaxed">
            Copy a proven master trader on BingX and earn rewards from your network across 15 levels. Your funds never
            leave the exchange.
          </p>
        </div>
        <div>
          <h2 className="font-semibold text-sm text-white">Explore</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            <li>
              <Link to="/#copy-trading" className="hover:text-white">
                Copy Trading
              </Link>
            </li>
            <li>
              <Link to="/#earn" className="hover:text-white">
                Earn
              </Link>
            </li>
            <li>
              <Link to="/register" className="hover:text-white">
                Create an account
              </Link>
            </li>
            <li>
              <Link to="/signin" className="hover:text-white">
                Sign In
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-sm text-white">Contact</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            <li>
              <a
                href={`mailto:${publicLinks.contactEmail}`}
                className="inline-flex items-center gap-2 hover:text-white"
              >
                <MailIcon size={16} /> {publicLinks.contactEmail}
              </a>
            </li>
            <li>
              <a
                href={publicLinks.messagingChannelUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-2 hover:text-white"
              >
                <SendIcon size={16} /> Telegram Channel
              </a>
            </li>
            <li>
              <a
                href={publicLinks.messagingGroupUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-2 hover:text-white"
              >
                <UsersIcon size={16} /> Telegram Community
              </a>
            </li>
          </ul>
          <ul className="mt-5 flex gap-2" aria-label="Social media (coming soon)">
            {socialPlaceholders.map((network) => (
              <li key={network}>
                <span
                  title={`${network} — coming soon`}
                  className="inline-flex rounded-full border border-slate-700 px-3 py-1 text-slate-400 text-xs"
                >
                  {network}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-slate-800 border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-slate-400 text-xs sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© 2025 Uplink. All rights reserved.</p>
          <p>Trading involves risk. Past performance does not guarantee future results.</p>
        </div>
      </div>
    </footer>
  );
}
