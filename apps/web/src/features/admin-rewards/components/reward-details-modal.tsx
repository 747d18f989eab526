import type { AdminRewardRecord } from '@uplink/contract/admin-rewards';
import { formatDateTime, formatRewardAmount, formatUsdt, fullName } from '@uplink/contract/format';
import { rewardTexts } from '@uplink/contract/reward-texts';
import { DetailRow, DetailSection, DetailsModal } from '../../../components/detail-row';
import { RewardStateBadge } from '../../../components/reward-cells';
import { Link } from '../../../lib/router/router';

function PersonRows({ person }: { person: AdminRewardRecord['rewardUser'] }) {
  return (
    <>
      <DetailRow label="Name">
        <Link className="text-brand-700 hover:underline" to={`/admin/users/${encodeURIComponent(person._id)}`}>
          {fullName(person)}
        </Link>
      </DetailRow>
      <DetailRow label="E-mail">{person.email}</DetailRow>
      <DetailRow label="User ID">{person.userId}</DetailRow>
    </>
  );
}

/** Every field of one reward: the credit, who earned it and whose subscription or trading produced it. */
export function RewardDetailsModal({ reward, onClose }: { reward: AdminRewardRecord | null; onClose: () => void }) {
  return (
    <DetailsModal open={reward !== null} onClose={onClose} title="Reward details">
      {reward ? (
        <>
          <DetailSection title="Reward">
            <DetailRow label="Reward ID">
              <span className="font-mono">{reward._id}</span>
            </DetailRow>
            <DetailRow label="Type">{rewardTexts.typeOptions[reward.type]}</DetailRow>
            <DetailRow label="State">
              <RewardStateBadge state={reward.state} />
            </DetailRow>
            <DetailRow label="Amount">{formatRewardAmount(reward.rewardAmount, { unit: 'USDT' })}</DetailRow>
            <DetailRow label="Percent">{reward.percent}%</DetailRow>
            <DetailRow label="Master amount">{formatUsdt(reward.masterAmount)}</DetailRow>
            <DetailRow label="Level">{`Level ${reward.level}`}</DetailRow>
            <DetailRow label="Cycle">#{reward.cycle}</DetailRow>
            <DetailRow label="Plan version">{reward.planVersion}</DetailRow>
            <DetailRow label="Created">{formatDateTime(reward.createdAt)}</DetailRow>
          </DetailSection>
          <DetailSection title="Beneficiary">
            <PersonRows person={reward.rewardUser} />
          </DetailSection>
          <DetailSection
            title={reward.type === 'DIRECT' ? 'From (the referral who subscribed)' : 'From (the copier who traded)'}
          >
            <PersonRows person={reward.downlineUser} />
          </DetailSection>
        </>
      ) : null}
    </DetailsModal>
  );
}
