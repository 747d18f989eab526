import { publicLinks } from '../../config/public-links';
import { AppLink } from '../app-link';
import { MailIcon, SendIcon, UsersIcon } from '../icons';
import { Logo } from '../logo';
import { accountPaths } from './user-menu';

const sectionLinks = [
  { to: '/#copy-trading', label: 'Copy Trading' },
  { to: '/#earn', label: 'Earn' },
];
const visitorLinks = [
  { to: '/register', label: 'Create an account' },
  { to: '/signin', label: 'Sign In' },
];

const contactLinks = [
  { href: `mailto:${publicLinks.contactEmail}`, label: publicLinks.contactEmail, icon: MailIcon, external: false },
  { href: publicLinks.messagingChannelUrl, label: 'Telegram Channel', icon: SendIcon, external: true },
  { href: publicLinks.messagingGroupUrl, label: 'Telegram Community', icon: UsersIcon, external: true },
];

const socialPlaceholders = ['X (Twitter)', 'YouTube'];

/** The copyright line, of the year it is read in. */
export function Copyright() {
  return <p>© {new Date().getFullYear()} Uplink. All rights reserved.</p>;
}

/**
 * Contact e-mail, the two messaging-group links, two social placeholders and the copyright of this year;
 * a visitor is offered an account and the sign-in, a signed-in member their dashboard instead.
 */
export function Footer({ user }: { user: { isAdmin: boolean } | null }) {
  const exploreLinks = [
    ...sectionLinks,
    ...(user ? [{ to: accountPaths(user).dashboard, label: 'Dashboard' }] : visitorLinks),
  ];
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
            {exploreLinks.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} className="hover:text-white">
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-sm text-white">Contact</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {contactLinks.map(({ label, href, icon: Icon, external }) => (
              <li key={href}>
                <a
                  href={href}
                  target={external ? '_blank' : undefined}
                  rel={external ? 'noreferrer' : undefined}
                  className="inline-flex items-center gap-2 hover:text-white"
                >
                  <Icon size={16} /> {label}
                </a>
              </li>
            ))}
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
          <Copyright />
          <p>Trading involves risk. Past performance does not guarantee future results.</p>
        </div>
      </div>
    </footer>
  );
}
