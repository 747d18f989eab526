import { Card, CardBody, CardHeader } from '../../../components/card';
import { ChevronRightIcon, ClockIcon, GiftIcon, ShieldIcon, UsersIcon, WalletIcon } from '../../../components/icons';
import { Link } from '../../../lib/router/router';

const topics = [
  {
    title: 'Inviting members',
    text: 'Share your referral code or link from the Referrals page.',
    to: '/referrals',
    icon: <UsersIcon size={18} />,
  },
  {
    title: 'Rewards and levels',
    text: 'See every reward by level, type and cycle on the Rewards page.',
    to: '/rewards',
    icon: <GiftIcon size={18} />,
  },
  {
    title: 'Withdrawals',
    text: 'Request a USDT withdrawal and confirm it with the 6-digit code we e-mail you.',
    to: '/rewards',
    icon: <WalletIcon size={18} />,
  },
  {
    title: 'Password and security',
    text: 'Change your password and review security tips on your profile.',
    to: '/profile',
    icon: <ShieldIcon size={18} />,
  },
];

export function HelpTopics() {
  return (
    <Card>
      <CardHeader title="Quick Help" subtitle="Answers to the most common questions" />
      <ul className="divide-y divide-slate-100">
        {topics.map((topic) => (
          <li key={topic.title}>
            <Link
              to={topic.to}
              className="flex items-center gap-4 px-5 py-4 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:-outline-offset-2 sm:px-6"
            >
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
                {topic.icon}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900 text-sm">{topic.title}</span>
                <span className="block text-slate-600 text-sm">{topic.text}</span>
              </span>
              <ChevronRightIcon size={18} className="shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** When each channel answers: the messaging channel around the clock, e-mail within 24 hours. */
const supportHours = [
  {
    channel: 'Telegram: 24/7',
    text: 'Our team and community answer around the clock.',
    accent: 'bg-emerald-50 text-emerald-700',
  },
  {
    channel: 'Email: within 24 hours',
    text: 'Every message gets a reply within one day.',
    accent: 'bg-brand-50 text-brand-700',
  },
];

export function SupportHours() {
  return (
    <Card>
      <CardHeader title="Support Hours" />
      <CardBody className="space-y-4">
        {supportHours.map((hours) => (
          <div key={hours.channel} className="flex items-start gap-3">
            <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-lg ${hours.accent}`}>
              <ClockIcon size={18} />
            </span>
            <div>
              <p className="font-semibold text-slate-900 text-sm">{hours.channel}</p>
              <p className="text-slate-600 text-sm">{hours.text}</p>
            </div>
          </div>
        ))}
      </CardBody>
    </Card>
  );
}
