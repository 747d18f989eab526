import { rolesHolding } from '@uplink/contract/admin-roles';
import { formatDateTime, formatUsdt } from '@uplink/contract/format';
import { ledgerEntryKindLabel, ledgerReasonTypeLabel } from '@uplink/contract/ledger';
import { riskRuleTexts, riskTexts } from '@uplink/contract/risk';
import { decisionTextLabel, type WithdrawalReview } from '@uplink/contract/withdrawals';
import { Alert } from '../../../components/alert';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { DetailRow } from '../../../components/detail-row';
import { ExplorerLink } from '../../../components/explorer-link';
import { WithdrawalStatusBadge } from '../../../components/withdrawal-status-badge';
import { usePermissions } from '../../../lib/permissions';
import { Link } from '../../../lib/router/router';
import { FlaggedPayments, PaymentUnderWay } from './payment-under-way';
import { WithdrawalDecisionForm } from './withdrawal-decision-form';

const hashLink = 'break-all font-mono text-brand-700 hover:underline';

function RequestCard({ withdrawal }: { withdrawal: WithdrawalReview['withdrawal'] }) {
  return (
    <Card>
      <CardHeader title="Request" actions={<WithdrawalStatusBadge status={withdrawal.status} />} />
      <CardBody>
        <dl className="divide-y divide-slate-100">
          <DetailRow label="Amount">{formatUsdt(withdrawal.amount)}</DetailRow>
          <DetailRow label="Wallet address">
            <ExplorerLink address={withdrawal.walletAddress} className={hashLink}>
              {withdrawal.walletAddress}
            </ExplorerLink>
          </DetailRow>
          <DetailRow label="Requested">{formatDateTime(withdrawal.requestedAt)}</DetailRow>
          {withdrawal.processedAt ? (
            <DetailRow label="Processed">{formatDateTime(withdrawal.processedAt)}</DetailRow>
          ) : null}
          {withdrawal.transactionHash ? (
            <DetailRow label="Transaction">
              <ExplorerLink transaction={withdrawal.transactionHash} className={hashLink}>
                {withdrawal.transactionHash}
              </ExplorerLink>
            </DetailRow>
          ) : null}
          {withdrawal.reason ? (
            <DetailRow label={decisionTextLabel(withdrawal.status) === 'Note' ? 'Note to the member' : 'Reason'}>
              {withdrawal.reason}
            </DetailRow>
          ) : null}
          {withdrawal.internalNote ? (
            <DetailRow label="Internal note (administrators only)">{withdrawal.internalNote}</DetailRow>
          ) : null}
        </dl>
      </CardBody>
    </Card>
  );
}

function MemberCard({
  member,
  balance,
}: {
  member: WithdrawalReview['withdrawal']['user'];
  balance: WithdrawalReview['balance'];
}) {
  return (
    <Card>
      <CardHeader title="Member" />
      <CardBody>
        <dl className="divide-y divide-slate-100">
          <DetailRow label="Name">
            <Link className="text-brand-700 hover:underline" to={`/admin/users/${member._id}`}>
              {member.firstName} {member.lastName}
            </Link>
          </DetailRow>
          <DetailRow label="E-mail">{member.email}</DetailRow>
          <DetailRow label="User ID">{member.userId}</DetailRow>
          <DetailRow label="Available balance">{formatUsdt(balance.available)}</DetailRow>
          <DetailRow label="Pending withdrawals">{formatUsdt(balance.onHold)}</DetailRow>
          <DetailRow label="Total earned">{formatUsdt(balance.totalEarned)}</DetailRow>
          <DetailRow label="Total withdrawn">{formatUsdt(balance.totalWithdrawn)}</DetailRow>
        </dl>
      </CardBody>
    </Card>
  );
}

function LedgerCard({ ledger }: { ledger: WithdrawalReview['ledger'] }) {
  return (
    <Card>
      <CardHeader title="Latest ledger entries" />
      <CardBody>
        <ul className="divide-y divide-slate-100 text-sm">
          {ledger.map((entry) => (
            <li
              key={`${entry.createdAt}-${entry.kind}-${entry.amount}`}
              className="flex flex-wrap justify-between gap-2 py-2"
            >
              <span className="font-medium text-slate-800" title={entry.kind}>
                {ledgerEntryKindLabel(entry.kind)}
              </span>
              <span className="text-slate-500">{ledgerReasonTypeLabel(entry.reasonType)}</span>
              <span className="tabular-nums">{formatUsdt(entry.amount)}</span>
              <span className="text-slate-500">{formatDateTime(entry.createdAt)}</span>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

/**
 * The member's open risk events: a pending withdrawal of a member in an open high-severity event
 * is held (approving or paying it is refused with MEMBER_UNDER_REVIEW); a lower one only marks.
 */
function RiskBanner({ withdrawal }: { withdrawal: WithdrawalReview['withdrawal'] }) {
  const mark = withdrawal.risk;
  if (!mark) return null;
  const rules = mark.rules.map((rule) => riskRuleTexts[rule].title).join(', ');
  const held = mark.held && withdrawal.status === 'PENDING';
  return (
    <Alert tone="warning" title={held ? riskTexts.reviewBanner : 'This member is marked for risk review.'}>
      <p>
        Open risk events: {rules}.{' '}
        <Link className="font-semibold underline" to={`/admin/users/${encodeURIComponent(withdrawal.user._id)}`}>
          See the member's events
        </Link>{' '}
        or{' '}
        <Link className="font-semibold underline" to="/admin/risk">
          open the risk queue
        </Link>
        .
      </p>
    </Alert>
  );
}

/**
 * The request, the member's balance and ledger, and while it is pending the decision beside them
 * (which stays, with what was typed, when the withdrawal was decided under the administrator) —
 * for a role that decides; any other reads who does.
 */
export function WithdrawalReviewPanels({ id, review }: { id: string; review: WithdrawalReview }) {
  const { withdrawal, balance, ledger, paymentUnderWay, flaggedPayments } = review;
  const permits = usePermissions();
  return (
    <div className="space-y-6">
      <RiskBanner withdrawal={withdrawal} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="space-y-6">
          <RequestCard withdrawal={withdrawal} />
          {paymentUnderWay ? <PaymentUnderWay id={id} payment={paymentUnderWay} withdrawal={withdrawal} /> : null}
          {flaggedPayments.length > 0 ? <FlaggedPayments payments={flaggedPayments} /> : null}
          <MemberCard member={withdrawal.user} balance={balance} />
          <LedgerCard ledger={ledger} />
        </div>
        {permits('withdrawals.decide') ? (
          <WithdrawalDecisionForm id={id} review={review} />
        ) : withdrawal.status === 'PENDING' ? (
          <Alert tone="info" title="Read only">
            Withdrawal decisions are taken by {rolesHolding('withdrawals.decide')}.
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
