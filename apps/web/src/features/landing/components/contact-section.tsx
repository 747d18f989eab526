import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/button';
import { ArrowRightIcon, MailIcon, SendIcon, UsersIcon } from '../../../components/icons';
import { publicLinks } from '../../../config/public-links';

const channels: { title: string; text: string; href: string; action: string; icon: ReactNode; external: boolean }[] = [
  {
    title: 'E-mail',
    text: 'Write to us any time; we answer within 24 hours.',
    href: `mailto:${publicLinks.contactEmail}`,
    action: publicLinks.contactEmail,
    icon: <MailIcon />,
    external: false,
  },
  {
    title: 'Telegram Channel',
    text: 'Announcements, results and news from the team.',
    href: publicLinks.messagingChannelUrl,
    action: 'Join the channel',
    icon: <SendIcon />,
    external: true,
  },
  {
    title: 'Telegram Community',
    text: 'Talk to members and get help around the clock.',
    href: publicLinks.messagingGroupUrl,
    action: 'Join the community',
    icon: <UsersIcon />,
    external: true,
  },
];

export function ContactSection() {
  return (
    <section id="contact-us" aria-labelledby="contact-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-12 text-white shadow-xl sm:px-12">
          <div className="grid gap-10 lg:grid-cols-[1fr_1.3fr] lg:items-center">
            <div>
              <p className="font-semibold text-brand-200 text-sm uppercase tracking-wider">Contact Us</p>
              <h2 id="contact-title" className="mt-3 font-bold text-3xl tracking-tight sm:text-4xl">
                Questions before you join?
              </h2>
              <p className="mt-4 text-brand-50/90 text-lg leading-relaxed">
                Our team and community are here to help you get started and to answer anything about copy trading and
                rewards.
              </p>
              <ButtonLink to="/register" variant="inverse" size="lg" className="mt-8">
                Sign up now <ArrowRightIcon size={18} />
              </ButtonLink>
            </div>
            <ul className="grid gap-4">
              {channels.map((channel) => (
                <li key={channel.title}>
                  <a
                    href={channel.href}
                    target={channel.external ? '_blank' : undefined}
                    rel={channel.external ? 'noreferrer' : undefined}
                    className="flex items-center gap-4 rounded-2xl bg-white/10 p-5 ring-1 ring-white/15 transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
                  >
                    <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-800">
                      {channel.icon}
                    </span>
                    <span className="min-w-0">
                      <span className="block font-semibold">{channel.title}</span>
                      <span className="block text-brand-50/85 text-sm">{channel.text}</span>
                      <span className="mt-1 block truncate font-semibold text-sm text-white underline underline-offset-4">
                        {channel.action}
                      </span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
