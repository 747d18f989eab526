import { formatCount, formatMoney, fullName } from '@uplink/contract/format';
import { referralTexts } from '@uplink/contract/referral-texts';
import type { ReferralTreeNode } from '@uplink/contract/referrals';
import { Avatar } from '../../../components/avatar';
import { Badge } from '../../../components/badge';
import { DetailRow } from '../../../components/detail-row';
import { EmailText } from '../../../components/email-text';
import { Modal } from '../../../components/modal';

/** A member of the tree together with the name of their sponsor ('You' for a direct referral). */
export interface OpenedMember {
  node: ReferralTreeNode;
  sponsorName: string;
}

/**
 * What a member may see of someone in their downline: the fields the tree shows for that member,
 * in one card, with the sponsor they joined under.
 */
export function TreeMemberCard({ member, onClose }: { member: OpenedMember | null; onClose: () => void }) {
  const node = member?.node;
  return (
    <Modal open={member !== null} onClose={onClose} title={node ? fullName(node) : ''}>
      {node ? (
        <>
          <div className="flex items-center gap-3">
            <Avatar user={node} size="lg" />
            <div className="min-w-0">
              <EmailText email={node.email} className="block text-slate-600 text-sm" />
              <Badge tone="brand" className="mt-1.5">
                Level {node.level} of your network
              </Badge>
            </div>
          </div>
          <dl className="mt-4 divide-y divide-slate-100 border-slate-100 border-t">
            <DetailRow label="Email">{node.email}</DetailRow>
            <DetailRow label="User ID">
              <span className="font-mono">{node.userId}</span>
            </DetailRow>
            <DetailRow label="Sponsor">{member.sponsorName}</DetailRow>
            <DetailRow label={referralTexts.networkSize}>
              {formatCount(node.totalDescendants, ['descendant', 'descendants'])}
            </DetailRow>
            <DetailRow label={referralTexts.yourEarnings}>
              <span className="text-emerald-700">{formatMoney(node.totalRewards, { unit: 'USD' })}</span>
            </DetailRow>
          </dl>
        </>
      ) : null}
    </Modal>
  );
}
