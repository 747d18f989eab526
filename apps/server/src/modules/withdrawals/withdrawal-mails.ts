import { formatUsdt } from '@uplink/contract/format';
import { decisionTextLabel, type WithdrawalDecision } from '@uplink/contract/withdrawals';
import { type MailContent, renderMail } from '../mail/mail-layout';

interface Recipient {
  firstName: string;
}

export function withdrawalCodeMail(
  recipient: Recipient,
  publicUrl: string,
  code: string,
  minutes: number,
): MailContent {
  return renderMail({
    subject: `Your Uplink withdrawal code: ${code}`,
    greeting: `Hello ${recipient.firstName},`,
    paragraphs: [
      `Your one-time code to confirm a withdrawal is ${code}.`,
      `It is valid for ${minutes} minutes and authorises one withdrawal. Never share it: Uplink staff will never ask for it.`,
    ],
    action: { label: 'Open your rewards', url: `${publicUrl}/rewards` },
    closing: 'If you did not ask for a withdrawal, change your password now: someone may be signed in as you.',
  });
}

const decisionTexts: Record<WithdrawalDecision, string> = {
  APPROVED: 'has been approved and paid',
  REJECTED: 'has been rejected',
  BLOCKED_COMPLIANCE: 'has been blocked for a compliance review',
};

export function withdrawalDecisionMail(
  recipient: Recipient,
  publicUrl: string,
  decision: {
    status: WithdrawalDecision;
    amount: string;
    walletAddress: string;
    reason: string | null;
    transactionHash: string | null;
  },
): MailContent {
  const paragraphs = [
    `Your withdrawal of ${formatUsdt(Number(decision.amount))} to ${decision.walletAddress} ${decisionTexts[decision.status]}.`,
  ];
  if (decision.transactionHash) paragraphs.push(`Transaction: ${decision.transactionHash}`);
  if (decision.reason) paragraphs.push(`${decisionTextLabel(decision.status)}: ${decision.reason}`);
  if (decision.status !== 'APPROVED') paragraphs.push('The amount is available in your balance again.');
  return renderMail({
    subject: `Your Uplink withdrawal ${decisionTexts[decision.status]}`,
    greeting: `Hello ${recipient.firstName},`,
    paragraphs,
    action: { label: 'See your withdrawals', url: `${publicUrl}/rewards?tab=withdrawals` },
    closing: 'Questions? Reply to this e-mail or contact support.',
  });
}
