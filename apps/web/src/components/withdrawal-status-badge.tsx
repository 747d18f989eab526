import type { WithdrawalStatus } from '@uplink/contract/withdrawals';
import { Badge, type BadgeTone } from './badge';

const badges: Record<WithdrawalStatus, { tone: BadgeTone; label: string }> = {
  PENDING: { tone: 'amber', label: 'PENDING' },
  APPROVED: { tone: 'green', label: 'APPROVED' },
  REJECTED: { tone: 'red', label: 'REJECTED' },
  BLOCKED_COMPLIANCE: { tone: 'red', label: 'BLOCKED' },
};

/** A withdrawal's status as the administrators read it (the member screens word it their own way). */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return <Badge tone={badges[status].tone}>{badges[status].label}</Badge>;
}
