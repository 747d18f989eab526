import { referralHistoryPageSize } from '@uplink/contract/constants';
import { useState } from 'react';
import { Card, CardHeader } from '../../../components/card';
import { LevelFilter } from '../../../components/filter-bar';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { InvitationsCard } from '../../../features/invitations/components/invitations-card';
import { useReferralHistory } from '../../../features/referrals/api/get-referral-history';
import { ReferralHistoryTable } from '../../../features/referrals/components/referral-history-table';
import { ReferralLinkCard } from '../../../features/referrals/components/referral-link-card';
import { ReferralStatistics } from '../../../features/referrals/components/referral-statistics';
import { useAuth } from '../../../lib/auth';

export default function ReferralsPage() {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const [level, setLevel] = useState<number | undefined>(undefined);
  const history = useReferralHistory({ page, limit: referralHistoryPageSize, level });

  return (
    <>
      <PageHeader
        title="Referrals"
        subtitle="Invite & Earn"
        actions={<RefreshButton busy={history.isFetching} onClick={() => history.refetch()} />}
      />
      <div className="space-y-6">
        {user?.referralCode ? <ReferralLinkCard referralCode={user.referralCode} /> : null}
        <InvitationsCard />
        <ReferralStatistics
          statistics={history.isError ? undefined : history.data?.statistics}
          loading={history.isPending && !history.isError}
        />
        <Card>
          <CardHeader
            title="Referral History"
            subtitle="Everyone in your network, up to 15 levels deep, newest first."
            actions={
              <LevelFilter
                level={level}
                onChange={(chosen) => {
                  setLevel(chosen);
                  setPage(1);
                }}
                hideLabel
                className="w-40"
              />
            }
          />
          <ReferralHistoryTable history={history} level={level} onPageChange={setPage} />
        </Card>
      </div>
    </>
  );
}
