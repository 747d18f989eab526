import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useResendVerificationEmail } from '../../../features/auth/api/resend-verification-email';
import { ReferralCodeCard } from '../../../features/dashboard/components/referral-code-card';
import { SubscriptionCard } from '../../../features/dashboard/components/subscription-card';
import { VerificationBanner } from '../../../features/dashboard/components/verification-banner';
import { WelcomeCard } from '../../../features/dashboard/components/welcome-card';
import { useVisitsThisWeek } from '../../../features/invitations/api/get-funnel';
import { useRewardStats } from '../../../features/rewards/api/get-reward-stats';
import { IncomeBreakdown } from '../../../features/rewards/components/income-breakdown';
import { RewardBalance } from '../../../features/rewards/components/reward-balance';
import { useAuth } from '../../../lib/auth';

export default function DashboardPage() {
  const { user } = useAuth();
  const stats = useRewardStats(user?._id);
  const resend = useResendVerificationEmail();
  const visitsThisWeek = useVisitsThisWeek();
  if (!user) return null;

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Overview & Stats" />
      <div className="space-y-6">
        <WelcomeCard user={user} />
        {user.isEmailVerified ? null : (
          <VerificationBanner
            email={user.email}
            sending={resend.isPending}
            outcome={resend.isSuccess ? 'sent' : resend.isError ? 'failed' : undefined}
            onResend={() => resend.mutate({ email: user.email })}
          />
        )}
        <div className="grid gap-6 md:grid-cols-2">
          <SubscriptionCard subscription={user.subscriptionFee} />
          {user.referralCode ? (
            <ReferralCodeCard referralCode={user.referralCode} visitsThisWeek={visitsThisWeek} />
          ) : null}
        </div>
        <RewardBalance
          stats={stats}
          actions={<RefreshButton busy={stats.isFetching} onClick={() => stats.refetch()} />}
        />
        <IncomeBreakdown stats={stats.data} loading={stats.isPending} />
      </div>
    </>
  );
}
