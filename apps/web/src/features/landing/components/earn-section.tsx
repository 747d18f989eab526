import { referralLevels } from '@uplink/contract/constants';
import { ButtonLink } from '../../../components/button';
import { CheckIcon, GiftIcon, TreeIcon, UsersIcon } from '../../../components/icons';
import { RewardCalculator } from './reward-calculator';
import { SectionHeading } from './section-heading';

const rewardKinds = [
  {
    title: 'Direct rewards',
    text: 'Earn when someone you invited activates their subscription.',
    icon: <UsersIcon />,
  },
  {
    title: 'Downline rewards',
    text: `Earn from the trading of everyone below you, up to ${referralLevels} levels deep — every reward cycle.`,
    icon: <TreeIcon />,
  },
  {
    title: 'Bonus perks',
    text: 'Top performers are rewarded with tours, conferences, education and gifts.',
    icon: <GiftIcon />,
  },
];

const memberBenefits = [
  'Your personal referral code and share link',
  'A live view of your network, level by level',
  'Withdrawals in USDT, confirmed with a one-time code',
  'Every reward itemised: level, source and cycle',
];

export function EarnSection() {
  return (
    <section id="earn" aria-labelledby="earn-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="earn-title" eyebrow="Earn" title={`Grow a network, earn over ${referralLevels} levels`}>
          15% of the trading profit is shared across your network. Invite people you trust and earn from their success
          as well as your own.
        </SectionHeading>
        <div className="mt-14 grid gap-8 lg:grid-cols-2 lg:items-center">
          <ul className="space-y-4">
            {rewardKinds.map((kind) => (
              <li key={kind.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  {kind.icon}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{kind.title}</h3>
                  <p className="mt-1 text-slate-600">{kind.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="rounded-3xl bg-ink-950 p-8 text-white shadow-xl">
            <p className="font-semibold text-brand-300 text-sm uppercase tracking-wider">Your network</p>
            <div className="mt-6 flex items-end gap-1.5" aria-hidden="true">
              {Array.from({ length: referralLevels }, (_, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: the bars are the fixed levels 1..15.
                  key={index}
                  className="flex-1 rounded-t-md bg-gradient-to-t from-brand-700 to-brand-400"
                  style={{ height: `${Math.round(24 + (referralLevels - index) * 6)}px`, opacity: 1 - index * 0.045 }}
                />
              ))}
            </div>
            <div className="mt-2 flex justify-between text-slate-400 text-xs">
              <span>Level 1</span>
              <span>Level {referralLevels}</span>
            </div>
            <p className="mt-6 font-bold text-3xl">{referralLevels} levels · 15% shared</p>
            <ul className="mt-6 space-y-3">
              {memberBenefits.map((benefit) => (
                <li key={benefit} className="flex items-start gap-3 text-slate-300">
                  <CheckIcon size={18} className="mt-0.5 shrink-0 text-brand-400" />
                  {benefit}
                </li>
              ))}
            </ul>
            <ButtonLink to="/register" variant="accent" size="lg" className="mt-8 w-full">
              Join with your referral code
            </ButtonLink>
          </div>
        </div>
        <RewardCalculator />
      </div>
    </section>
  );
}
