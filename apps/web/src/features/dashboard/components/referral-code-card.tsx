import { Card, CardBody, CardHeader } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';

/** The member's referral code with a copy action. */
export function ReferralCodeCard({ referralCode }: { referralCode: string }) {
  return (
    <Card>
      <CardHeader title="Referral code" />
      <CardBody className="flex items-center justify-between gap-3">
        <span
          className="font-bold font-mono text-2xl text-slate-900 tracking-widest"
          data-testid="dashboard-referral-code"
        >
          {referralCode}
        </span>
        <CopyButton value={referralCode} label="Copy" ariaLabel="Copy referral code" />
      </CardBody>
    </Card>
  );
}
