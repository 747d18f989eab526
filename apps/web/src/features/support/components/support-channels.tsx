import type { ReactNode } from 'react';
import { ExternalLinkIcon, MailIcon, SendIcon } from '../../../components/icons';
import { publicLinks } from '../../../config/public-links';

function ChannelCard({
  icon,
  title,
  text,
  href,
  action,
  external,
  accent,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  href: string;
  action: string;
  external: boolean;
  accent: string;
}) {
  return (
    <a
      href={href}
      target={external ? '_blank' : undefined}
      rel={external ? 'noreferrer' : undefined}
      className="group flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className={`flex h-12 w-12 items-center justify-center rounded-xl ${accent}`}>{icon}</span>
      <h2 className="mt-5 font-semibold text-lg text-slate-900">{title}</h2>
      <p className="mt-1 flex-1 text-slate-600 text-sm">{text}</p>
      <span className="mt-5 inline-flex items-center gap-1.5 break-all font-semibold text-brand-700 text-sm group-hover:text-brand-800">
        {action}
        {external ? <ExternalLinkIcon size={14} /> : null}
      </span>
    </a>
  );
}

/** The two ways to reach support: the messaging channel and e-mail. */
export function SupportChannels() {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <ChannelCard
        icon={<SendIcon />}
        accent="bg-sky-50 text-sky-700"
        title="Telegram Support"
        text="The fastest way to get help: message our team and community on Telegram, 24/7."
        href={publicLinks.messagingChannelUrl}
        action="Open Telegram"
        external
      />
      <ChannelCard
        icon={<MailIcon />}
        accent="bg-brand-50 text-brand-700"
        title="Email Support"
        text="For account questions and anything that needs detail. We answer within 24 hours."
        href={`mailto:${publicLinks.contactEmail}`}
        action={publicLinks.contactEmail}
        external={false}
      />
    </div>
  );
}
