import { formatDateTime, formatMoney } from '@uplink/contract/format';
import type { WithdrawalDecision, WithdrawalReview } from '@uplink/contract/withdrawals';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { DetailRow } from '../../../components/detail-row';
import { PageHeader } from '../../../components/layouts/page-header';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { explorerAddressUrl, explorerTransactionUrl } from '../../../config/explorer';
import {
  useDecideWithdrawal,
  useDemoTreasuryPayment,
  useWithdrawalReview,
} from '../../../features/admin-withdrawals/api/admin-withdrawals';
import { WithdrawalStatusBadge } from '../../../features/admin-withdrawals/components/withdrawal-status-badge';
import { errorText, serverMessage } from '../../../lib/error-text';

const decisionOptions: { value: WithdrawalDecision; label: string }[] = [
  { value: 'APPROVED', label: 'Approve (paid)' },
  { value: 'REJECTED', label: 'Reject' },
  { value: 'BLOCKED_COMPLIANCE', label: 'Block for compliance' },
];

export default function AdminWithdrawalDetailPage() {
  const { id = '' } = useParams();
  const review = useWithdrawalReview(id);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Withdrawal Review"
        subtitle={
          (
            <Link to="/admin/withdrawals" className="text-brand-700 hover:underline">
              Back to all withdrawals
            </Link>
          ) as unknown as string
        }
      />
      {review.isPending ? (
        <div className="flex items-center justify-center gap-3 py-20 text-slate-600" role="status">
          <Spinner /> Loading withdrawal...
        </div>
      ) : review.isError ? (
        <Alert tone="error" title={errorText(review.error)}>
          <Button variant="secondary" size="sm" className="mt-1" onClick={() => review.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <ReviewPanels id={id} review={review.data} />
      )}
    </div>
  );
}

function ReviewPanels({ id, review }: { id: string; review: WithdrawalReview }) {
  const { withdrawal, balance, ledger } = review;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <div className="space-y-6">
        <Card>
          <CardHeader title="Request" actions={<WithdrawalStatusBadge status={withdrawal.status} />} />
          <CardBody>
            <dl className="divide-y divide-slate-100">
              <DetailRow label="Amount">{formatMoney(withdrawal.amount, { unit: 'USDT' })}</DetailRow>
              <DetailRow label="Wallet address">
                <a
                  className="break-all font-mono text-brand-700 hover:underline"
                  href={explorerAddressUrl(withdrawal.walletAddress)}
                  target="_blank"
                  rel="noreferrer"
                >
                  {withdrawal.walletAddress}
                </a>
              </DetailRow>
              <DetailRow label="Requested">{formatDateTime(withdrawal.requestedAt)}</DetailRow>
              {withdrawal.processedAt ? (
                <DetailRow label="Processed">{formatDateTime(withdrawal.processedAt)}</DetailRow>
              ) : null}
              {withdrawal.transactionHash ? (
                <DetailRow label="Transaction">
                  <a
                    className="break-all font-mono text-brand-700 hover:underline"
                    href={explorerTransactionUrl(withdrawal.transactionHash)}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {withdrawal.transactionHash}
                  </a>
                </DetailRow>
              ) : null}
              {withdrawal.reason ? <DetailRow label="Reason">{withdrawal.reason}</DetailRow> : null}
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Member" />
          <CardBody>
            <dl className="divide-y divide-slate-100">
              <DetailRow label="Name">
                <Link className="text-brand-700 hover:underline" to={`/admin/users/${withdrawal.user._id}`}>
                  {withdrawal.user.firstName} {withdrawal.user.lastName}
                </Link>
              </DetailRow>
              <DetailRow label="E-mail">{withdrawal.user.email}</DetailRow>
              <DetailRow label="User ID">{withdrawal.user.userId}</DetailRow>
              <DetailRow label="Available balance">{formatMoney(balance.available, { unit: 'USDT' })}</DetailRow>
              <DetailRow label="On hold">{formatMoney(balance.onHold, { unit: 'USDT' })}</DetailRow>
              <DetailRow label="Total earned">{formatMoney(balance.totalEarned, { unit: 'USDT' })}</DetailRow>
              <DetailRow label="Total withdrawn">{formatMoney(balance.totalWithdrawn, { unit: 'USDT' })}</DetailRow>
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Latest ledger entries" />
          <CardBody>
            <ul className="divide-y divide-slate-100 text-sm">
              {ledger.map((entry) => (
                <li
                  key={`${entry.createdAt}-${entry.kind}-${entry.amount}`}
                  className="flex flex-wrap justify-between gap-2 py-2"
                >
                  <span className="font-mono text-slate-700">{entry.kind}</span>
                  <span className="text-slate-500">{entry.reasonType}</span>
                  <span className="tabular-nums">{formatMoney(entry.amount, { unit: 'USDT' })}</span>
                  <span className="text-slate-500">{formatDateTime(entry.createdAt)}</span>
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
      </div>
      {withdrawal.status === 'PENDING' ? <DecisionForm id={id} demoTreasury={review.demoTreasury} /> : null}
    </div>
  );
}

/** Approve with the payment's transaction hash, reject with a reason, or block with a reason. */
function DecisionForm({ id, demoTreasury }: { id: string; demoTreasury: boolean }) {
  const [status, setStatus] = useState<WithdrawalDecision>('APPROVED');
  const [transactionHash, setTransactionHash] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useDecideWithdrawal(id);
  const treasury = useDemoTreasuryPayment(id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'APPROVED' && !transactionHash.trim())
      return setProblem('Enter the transaction hash of the payment.');
    if (status !== 'APPROVED' && !reason.trim()) return setProblem('A reason is required.');
    setProblem(null);
    try {
      await decide.mutateAsync(
        status === 'APPROVED'
          ? { status, transactionHash: transactionHash.trim(), ...(reason.trim() ? { reason: reason.trim() } : {}) }
          : { status, reason: reason.trim() },
      );
    } catch (error) {
      setProblem(errorText(error, { refusal: serverMessage }));
    }
  };

  return (
    <Card>
      <CardHeader title="Decision" subtitle="A decision is final and e-mailed to the member." />
      <CardBody>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <SelectField
            label="Decision"
            options={decisionOptions}
            value={status}
            onChange={(event) => setStatus(event.target.value as WithdrawalDecision)}
          />
          {status === 'APPROVED' ? (
            <div className="space-y-2">
              <TextField
                label="Transaction hash"
                value={transactionHash}
                onChange={(event) => setTransactionHash(event.target.value)}
                placeholder="0x…"
                spellCheck={false}
                hint="Pay from the treasury wallet first; the payment is checked on chain."
              />
              {demoTreasury ? (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  busy={treasury.isPending}
                  onClick={async () => {
                    try {
                      setTransactionHash((await treasury.mutateAsync()).transactionHash);
                      setProblem(null);
                    } catch (error) {
                      setProblem(errorText(error, { refusal: serverMessage }));
                    }
                  }}
                >
                  Pay from the demo treasury
                </Button>
              ) : null}
            </div>
          ) : null}
          <TextField
            label={status === 'APPROVED' ? 'Note (optional)' : 'Reason'}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
          />
          {problem ? <Alert tone="error" title={problem} /> : null}
          <Button type="submit" busy={decide.isPending} variant={status === 'APPROVED' ? 'primary' : 'danger'}>
            {decisionOptions.find((option) => option.value === status)?.label}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
