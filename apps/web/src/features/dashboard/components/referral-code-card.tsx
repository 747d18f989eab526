import { Card, CardBody, CardHeader } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { Link } from '../../../lib/router/router';

/**
 * The member's referral code and invitation link with copy actions, and how many people opened the
 * link this week (`visitsThisWeek`: a sentence, or null while it loads or if it failed).
 */
export function ReferralCodeCard({
  referralCode,
  visitsThisWeek,
}: {
  referralCode: string;
  visitsThisWeek: string | null;
}) {
  const invitationLink = `${window.location.origin}/ref/${referralCode}`;
  return (
    <Card>
      <CardHeader title="Referral code" />
      <CardBody className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <span
            className="font-bold font-mono text-2xl text-slate-900 tracking-widest"
            data-testid="dashboard-referral-code"
          >
            {referralCode}
          </span>
          <CopyButton value={referralCode} label="Copy" ariaLabel="Copy referral code" />
        </div>
        <div className="flex items-center justify-between gap-3 border-slate-100 border-t pt-3">
          <div className="min-w-0">
            <p className="break-all font-mono text-slate-700 text-xs">{invitationLink}</p>
            <p className="mt-1 text-slate-600 text-sm" data-testid="visits-this-week">
              {visitsThisWeek ?? '\u00a0'}
              {visitsThisWeek ? (
                <>
                  {' · '}
                  <Link to="/referrals" className="font-medium text-brand-700 underline hover:text-brand-800">
                    Your invitations
                  </Link>
                </>
              ) : null}
            </p>
          </div>
          <CopyButton value={invitationLink} label="Copy link" ariaLabel="Copy invitation link" />
        </div>
      </CardBody>
    </Card>
  );
}
