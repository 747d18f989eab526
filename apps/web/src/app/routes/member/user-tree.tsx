import { referralLevels } from '@uplink/contract/constants';
import { referralTexts } from '@uplink/contract/referrals';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { RefreshIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/layouts/page-header';
import { useReferralTree } from '../../../features/user-tree/api/get-referral-tree';
import { ReferralTreeView } from '../../../features/user-tree/components/referral-tree-view';
import { TreeStatistics } from '../../../features/user-tree/components/tree-statistics';
import { ApiError } from '../../../lib/api-client';

export default function UserTreePage() {
  const [maxLevels, setMaxLevels] = useState(referralLevels);
  const tree = useReferralTree(maxLevels);
  const failure =
    tree.error instanceof ApiError && tree.error.code !== 'NETWORK_ERROR'
      ? referralTexts.treeLoadFailed
      : referralTexts.treeNetworkError;

  return (
    <>
      <PageHeader
        title={referralTexts.treeTitle}
        subtitle="Referral Network"
        actions={
          <Button
            variant="secondary"
            icon={<RefreshIcon size={16} />}
            busy={tree.isFetching}
            onClick={() => tree.refetch()}
          >
            Refresh
          </Button>
        }
      />
      <div className="space-y-6">
        {tree.isError ? (
          <Alert tone="error" title={failure}>
            <Button variant="secondary" size="sm" className="mt-1" onClick={() => tree.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : null}
        <TreeStatistics statistics={tree.data?.statistics} loading={tree.isPending && !tree.isError} />
        <ReferralTreeView
          tree={tree.data}
          loading={tree.isPending}
          maxLevels={maxLevels}
          onMaxLevelsChange={setMaxLevels}
        />
      </div>
    </>
  );
}
