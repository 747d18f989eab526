import { Card, CardBody, CardHeader } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';

/** The member's referral code and the share link `/ref/<code>` that pre-fills it at registration. */
export function ReferralLinkCard({ referralCode }: { referralCode: string }) {
  const shareLink = `${window.location.origin}/ref/${referralCode}`;
  return (
    <Card>
      <CardHeader
        title="Invite & Earn"
        subtitle="Share your code or link; everyone who joins with it is in your network."
      />
      <CardBody className="grid gap-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <div>
          <p className="mb-1.5 font-medium text-slate-700 text-sm">Your referral code</p>
          <div className="flex h-11 items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 pr-1.5 pl-3">
            <span className="font-bold font-mono text-lg text-slate-900 tracking-widest" data-testid="referral-code">
              {referralCode}
            </span>
            <CopyButton value={referralCode} iconOnly ariaLabel="Copy referral code" />
          </div>
        </div>
        <div className="min-w-0">
          <p className="mb-1.5 font-medium text-slate-700 text-sm">Your referral link</p>
          {/* The whole link, wrapped on a phone rather than cut: it is what people share. */}
          <div className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1.5 pr-1.5 pl-3">
            <span className="min-w-0 flex-1 break-all font-mono text-slate-800 text-sm" data-testid="referral-link">
              {shareLink}
            </span>
            <CopyButton value={shareLink} label="Copy link" ariaLabel="Copy referral link" />
          </div>
        </div>
      </CardBody>
    </Card>
  );
}
