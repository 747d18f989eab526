import { referralLevels, subscriptionFeeUsdt } from '@uplink/contract/constants';
import { Accordion, type AccordionItem } from '../../../components/accordion';
import { useMinimumExchangeBalance } from '../api/get-reward-plan';
import { SectionHeading } from './section-heading';

/** The questions, the one on starting stating this server's exchange-balance line. */
const questionsFor = (minimumBalance: number): AccordionItem[] => [
  {
    id: 'what',
    title: 'What is Uplink?',
    content:
      'Uplink is an invite-only network of people who copy the same master trader on the BingX exchange. Members earn referral rewards from the people they invite and from the trading of their network.',
  },
  {
    id: 'funds',
    title: 'Does Uplink hold my money?',
    content:
      'No. Your funds stay in your own BingX account at all times. Uplink never holds trading funds; it only records your network and the rewards you earn.',
  },
  {
    id: 'start',
    title: 'How much do I need to start?',
    content: `Deposit at least ${minimumBalance} USD on BingX and pay a ${subscriptionFeeUsdt} USDT subscription on the BEP20 (BSC) network. There is no minimum trading package to buy.`,
  },
  {
    id: 'invite',
    title: 'Why do I need a referral code?',
    content:
      'Registration is by invitation only. Ask the member who introduced you for their referral code, or open their referral link — the code is then filled in for you.',
  },
  {
    id: 'rewards',
    title: 'How are rewards calculated?',
    content: `Direct rewards come from members you invite personally. Downline rewards come from the trading of your network up to ${referralLevels} levels deep: 15% of the profit is shared across the levels, while the copier keeps 50%.`,
  },
  {
    id: 'withdraw',
    title: 'How do I withdraw my rewards?',
    content:
      'Request a withdrawal in USDT to your wallet address from the Rewards page and confirm it with the 6-digit code we e-mail you. An administrator reviews each request.',
  },
];

export function FaqSection() {
  const questions = questionsFor(useMinimumExchangeBalance());
  return (
    <section aria-labelledby="faq-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-12">
          <Accordion items={questions} defaultOpenId="what" />
        </div>
      </div>
    </section>
  );
}
