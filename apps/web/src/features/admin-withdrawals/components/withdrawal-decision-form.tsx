import { type WithdrawalDecision, withdrawalDecisionSchema } from '@uplink/contract/withdrawals';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { errorText, serverMessage } from '../../../lib/error-text';
import { useDecideWithdrawal } from '../api/decide-withdrawal';
import { DemoTreasuryPayment } from './demo-treasury-payment';

const decisionOptions: { value: WithdrawalDecision; label: string }[] = [
  { value: 'APPROVED', label: 'Approve (paid)' },
  { value: 'REJECTED', label: 'Reject' },
  { value: 'BLOCKED_COMPLIANCE', label: 'Block for compliance' },
];

/**
 * Approve with the payment's transaction hash, reject with a reason, or block with a reason; the
 * member's text (an approval's note, a rejection's reason) and the administrators' internal note
 * are separate fields. The
 * decision is checked with the contract's own schema before it is sent, so the form says what the
 * server would refuse in the server's words.
 */
export function WithdrawalDecisionForm({ id, demoTreasury }: { id: string; demoTreasury: boolean }) {
  const [status, setStatus] = useState<WithdrawalDecision>('APPROVED');
  const [transactionHash, setTransactionHash] = useState('');
  const [reason, setReason] = useState('');
  const [internalNote, setInternalNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useDecideWithdrawal(id);
  const approving = status === 'APPROVED';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const decision = withdrawalDecisionSchema.safeParse({
      status,
      transactionHash: approving ? transactionHash.trim() || undefined : undefined,
      reason: reason.trim() || undefined,
      internalNote: internalNote.trim() || undefined,
    });
    if (!decision.success) return setProblem(decision.error.issues[0]?.message ?? null);
    setProblem(null);
    try {
      await decide.mutateAsync(decision.data);
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
          {approving ? (
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
                <DemoTreasuryPayment
                  id={id}
                  onPaid={(hash) => {
                    setTransactionHash(hash);
                    setProblem(null);
                  }}
                  onFailed={setProblem}
                />
              ) : null}
            </div>
          ) : null}
          <TextField
            label={approving ? 'Note to the member (optional)' : 'Reason (sent to the member)'}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            hint="Shown in the member's withdrawal history and in the decision e-mail."
          />
          <TextField
            label="Internal note (optional)"
            value={internalNote}
            onChange={(event) => setInternalNote(event.target.value)}
            maxLength={500}
            hint="For administrators only: shown on this review and in the audit log, never sent to the member."
          />
          {problem ? <Alert tone="error" title={problem} /> : null}
          <Button type="submit" busy={decide.isPending} variant={approving ? 'primary' : 'danger'}>
            {decisionOptions.find((option) => option.value === status)?.label}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
