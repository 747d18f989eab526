import { referralLevels } from '@uplink/contract/constants';
import { referralTexts } from '@uplink/contract/referral-texts';
import { useState } from 'react';
import { PageHeader } from '../../../components/layouts/page-header';
import { LoadError } from '../../../components/query-state';
import { RefreshButton } from '../../../components/refresh-button';
import { useReferralTree } from '../../../features/user-tree/api/get-referral-tree';
import { ReferralTreeView } from '../../../features/user-tree/components/referral-tree-view';
import { TreeStatistics } from '../../../features/user-tree/components/tree-statistics';
import { errorText, loadFailure } from '../../../lib/error-text';

/** A refusal, whatever its code, is a failed load; no answer at all, a network error. */
const treeFailure = loadFailure(referralTexts.treeLoadFailed, referralTexts.treeNetworkError);

export default function UserTreePage() {
  const [maxLevels, setMaxLevels] = useState(referralLevels);
  const tree = useReferralTree({ maxLevels });
  const failure = errorText(tree.error, treeFailure);

  return (
    <>
      <PageHeader
        title={referralTexts.treeTitle}
        subtitle="Referral Network"
        actions={<RefreshButton busy={tree.isFetching} onClick={() => tree.refetch()} />}
      />
      <div className="space-y-6">
        {tree.isError ? <LoadError title={failure} onRetry={() => tree.refetch()} /> : null}
        <TreeStatistics
          statistics={tree.isError ? undefined : tree.data?.statistics}
          loading={tree.isPending && !tree.isError}
        />
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
