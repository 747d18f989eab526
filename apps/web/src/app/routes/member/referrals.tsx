import { levelOptions, referralHistoryPageSize } from '@uplink/contract/constants';
import { formatCount } from '@uplink/contract/format';
import { referralTexts } from '@uplink/contract/referrals';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Card, CardHeader } from '../../../components/card';
import { PageHeader } from '../../../components/layouts/page-header';
import { Pagination } from '../../../components/pagination';
import { RefreshButton } from '../../../components/refresh-button';
import { SelectField } from '../../../components/select-field';
import { useReferralHistory } from '../../../features/referrals/api/get-referral-history';
import { ReferralHistoryTable } from '../../../features/referrals/components/referral-history-table';
import { ReferralLinkCard } from '../../../features/referrals/components/referral-link-card';
import { ReferralStatistics } from '../../../features/referrals/components/referral-statistics';
import { useAuth } from '../../../lib/auth';

const levelFilterOptions = [
  { value: '', label: 'All Levels' },
  ...levelOptions.map((level) => ({ value: String(level), label: `Level ${level}` })),
];

export default function ReferralsPage() {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const [level, setLevel] = useState<number | undefined>(undefined);
  const history = useReferralHistory({ page, limit: referralHistoryPageSize, level });
  const data = history.data;
  const firstShown = data && data.referrals.length > 0 ? (page - 1) * data.pagination.limit + 1 : 0;

  return (
    <>
      <PageHeader
        title="Referrals"
        subtitle="Invite & Earn"
        actions={<RefreshButton busy={history.isFetching} onClick={() => history.refetch()} />}
      />
      <div className="space-y-6">
        {user ? <ReferralLinkCard referralCode={user.referralCode} /> : null}
        <ReferralStatistics
          statistics={history.isError ? undefined : data?.statistics}
          loading={history.isPending && !history.isError}
        />
        <Card>
          <CardHeader
            title="Referral History"
            subtitle="Everyone in your network, up to 15 levels deep, newest first."
            actions={
              <SelectField
                label="Level"
                hideLabel
                options={levelFilterOptions}
                value={level === undefined ? '' : String(level)}
                onChange={(event) => {
                  setLevel(event.target.value ? Number(event.target.value) : undefined);
                  setPage(1);
                }}
                className="w-40"
              />
            }
          />
          {history.isError ? (
            <div className="space-y-3 p-5">
              <Alert tone="error" title={referralTexts.historyLoadFailed} />
              <RefreshButton onClick={() => history.refetch()}>Retry</RefreshButton>
            </div>
          ) : (
            <>
              <ReferralHistoryTable referrals={data?.referrals ?? []} loading={history.isFetching} level={level} />
              {data && data.pagination.totalRecords > 0 ? (
                <div className="border-slate-100 border-t px-5 py-4">
                  <Pagination
                    currentPage={data.pagination.currentPage}
                    totalPages={data.pagination.totalPages}
                    onPageChange={setPage}
                    disabled={history.isFetching}
                    summary={`Showing ${formatCount(firstShown)}-${formatCount(firstShown + data.referrals.length - 1)} of ${formatCount(data.pagination.totalRecords)}`}
                  />
                </div>
              ) : null}
            </>
          )}
        </Card>
      </div>
    </>
  );
}
