import type { ReactNode } from 'react';
import { ClockIcon, PlaneIcon, ShieldIcon, TrendingUpIcon, UsersIcon, WalletIcon } from '../../../components/icons';
import { SectionHeading } from './section-heading';

const benefits: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'You keep 50% of profit',
    text: 'Half of every profit the copied trades make stays in your account. The rest rewards the trader and the network.',
    icon: <WalletIcon />,
  },
  {
    title: '5-10% typical monthly return',
    text: 'A typical month of copying our master trader returns between 5 and 10 percent. Markets move, so results vary.',
    icon: <TrendingUpIcon />,
  },
  {
    title: '100+ traders',
    text: 'A community of more than a hundred traders copying the same strategy, sharing results and experience.',
    icon: <UsersIcon />,
  },
  {
    title: '24/7 access',
    text: 'Crypto never sleeps. Follow your copied trades, balance and rewards at any hour, from any device.',
    icon: <ClockIcon />,
  },
  {
    title: 'No minimum trading package',
    text: 'There is no package to buy. Fund your own exchange account and start copying from there.',
    icon: <ShieldIcon />,
  },
  {
    title: 'Bonus perks for top performers',
    text: 'The most active members are invited to tours, conferences and education, and receive gifts.',
    icon: <PlaneIcon />,
  },
];

export function CopyTradingSection() {
  return (
    <section id="copy-trading" aria-labelledby="copy-trading-title" className="scroll-mt-16 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="copy-trading-title"
          eyebrow="Copy Trading"
          title="Trade like a professional, without trading"
        >
          Copy trading mirrors every position of a master trader in your own BingX account, in real time and in
          proportion to your balance.
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map((benefit) => (
            <li
              key={benefit.title}
              className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition-shadow hover:shadow-md"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-600 text-white">
                {benefit.icon}
              </span>
              <h3 className="mt-5 font-semibold text-lg text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-slate-600 leading-relaxed">{benefit.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-start gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-6 sm:flex-row sm:items-center">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm">
            <ShieldIcon />
          </span>
          <div>
            <p className="font-semibold text-brand-900">We never hold your funds</p>
            <p className="mt-1 text-brand-900/80">
              Your money stays on the partner exchange, in an account only you control. Uplink never asks for deposits
              into its own wallets for trading.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
