import { riskTexts } from '@uplink/contract/risk';
import {
  type WithdrawalDecision,
  type WithdrawalDecisionRequest,
  type WithdrawalReview,
  withdrawalDecisionSchema,
} from '@uplink/contract/withdrawals';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-error';
import { errorText, serverMessage } from '../../../lib/error-text';
import { useDecideWithdrawal } from '../api/decide-withdrawal';
import { alreadyDecided, decisionConfirmation, withdrawalDetails } from '../utils/decision-confirmation';
import { DemoTreasuryPayment } from './demo-treasury-payment';

const decisionOptions: { value: WithdrawalDecision; label: string }[] = [
  { value: 'APPROVED', label: 'Approve (paid)' },
  { value: 'REJECTED', label: 'Reject' },
  { value: 'BLOCKED_COMPLIANCE', label: 'Block for compliance' },
];

/**
 * Approve with the payment's transaction hash, reject with a reason, or block with a reason; the
 * member's text (an approval's note, a rejection's reason) and the administrators' internal note
 * are separate fields. The decision is checked with the contract's own schema, then confirmed in a
 * dialog that names the member, amount and wallet before anything is sent. Only what the server
 * takes in the withdrawal's state is offered: a held one is not approved nor paid, one whose
 * payment is under way only approved.
 *
 * When the withdrawal was decided meanwhile (the treasury reconciliation saw its payment, or
 * another administrator), the form stays with what was typed, read only, and says who decided
 * what and when; a form nobody typed in simply goes.
 */
export function WithdrawalDecisionForm({ id, review }: { id: string; review: WithdrawalReview }) {
  const { withdrawal, paymentUnderWay } = review;
  // A held withdrawal is neither approved nor paid (the server answers MEMBER_UNDER_REVIEW): not offered.
  const held = withdrawal.risk?.held === true && withdrawal.status === 'PENDING';
  // While a payment of it is under way it is neither rejected, blocked nor paid again (the server
  // answers WITHDRAWAL_PAYMENT_IN_PROGRESS; the card above says so): only its approval is offered.
  const claimed = paymentUnderWay !== null && withdrawal.status === 'PENDING';
  const options = decisionOptions.filter((option) => (option.value === 'APPROVED' ? !held : !claimed));
  const [picked, setStatus] = useState<WithdrawalDecision>(held ? 'REJECTED' : 'APPROVED');
  // What the review now allows wins over a choice made before it changed (a payment started meanwhile).
  const status = options.some((option) => option.value === picked) ? picked : (options[0]?.value ?? picked);
  /** What the administrator typed as the hash; the payment just sent fills the field otherwise. */
  const [transactionHash, setTransactionHash] = useState('');
  const [paidHash, setPaidHash] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [internalNote, setInternalNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<WithdrawalDecisionRequest | null>(null);
  const decide = useDecideWithdrawal(id);
  const approving = status === 'APPROVED';
  const decided = withdrawal.status !== 'PENDING';
  const typed = transactionHash !== '' || reason !== '' || internalNote !== '';
  // A payment the demo treasury (or an approval with a hash) sent: its hash fills the field.
  const sentHash = paidHash ?? paymentUnderWay?.transactionHash ?? null;
  const hash = transactionHash || sentHash || '';

  if (decided && !typed) return null;
  if (options.length === 0) {
    return (
      <Card>
        <CardHeader title="Decision" />
        <CardBody>
          <Alert tone="warning" title={riskTexts.heldInPlace}>
            Its payment is under way: nothing can be decided on it until the payment is approved or released and the
            risk event resolved.
          </Alert>
        </CardBody>
      </Card>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const decision = withdrawalDecisionSchema.safeParse({
      status,
      transactionHash: approving ? hash.trim() || undefined : undefined,
      reason: reason.trim() || undefined,
      internalNote: internalNote.trim() || undefined,
    });
    if (!decision.success) return setProblem(decision.error.issues[0]?.message ?? null);
    setProblem(null);
    decide.reset();
    setConfirming(decision.data);
  };

  const confirm = async () => {
    if (!confirming) return;
    try {
      await decide.mutateAsync(confirming);
      setConfirming(null);
    } catch (error) {
      // Decided meanwhile: the review reloads and says by whom and when; what was typed stays.
      if (error instanceof ApiError && error.code === 'WITHDRAWAL_ALREADY_PROCESSED') setConfirming(null);
    }
  };

  return (
    <Card>
      <CardHeader title="Decision" subtitle="A decision is final and e-mailed to the member." />
      <CardBody>
        <form className="space-y-4" onSubmit={submit} noValidate>
          {decided ? (
            <Alert tone="warning" title={alreadyDecided(review)}>
              Nothing you typed below was sent; it stays here to copy.
            </Alert>
          ) : null}
          {held ? (
            <Alert tone="warning" title={riskTexts.heldInPlace}>
              Approving and paying it are not offered until its risk event is resolved; rejecting or blocking still
              works.
            </Alert>
          ) : null}
          <SelectField
            label="Decision"
            options={options}
            value={status}
            disabled={decided}
            onChange={(event) => setStatus(event.target.value as WithdrawalDecision)}
          />
          {approving ? (
            <div className="space-y-2">
              <TextField
                label="Transaction hash"
                value={hash}
                readOnly={decided}
                onChange={(event) => setTransactionHash(event.target.value)}
                placeholder="0x…"
                spellCheck={false}
                hint="Pay from the treasury wallet first; the payment is checked on chain."
              />
              {sentHash ? (
                <Alert tone="info" title="Payment sent — waiting for confirmations">
                  The withdrawal is approved by itself once the chain confirms the payment, or approve it now with its
                  hash.
                </Alert>
              ) : review.demoTreasury && !decided && !claimed ? (
                <DemoTreasuryPayment
                  id={id}
                  details={withdrawalDetails(withdrawal)}
                  amount={withdrawal.amount}
                  onPaid={(paid) => {
                    setPaidHash(paid);
                    setProblem(null);
                  }}
                />
              ) : null}
            </div>
          ) : null}
          <TextField
            label={approving ? 'Note to the member (optional)' : 'Reason (sent to the member)'}
            value={reason}
            readOnly={decided}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            hint="Shown in the member's withdrawal history and in the decision e-mail."
          />
          <TextField
            label="Internal note (optional)"
            value={internalNote}
            readOnly={decided}
            onChange={(event) => setInternalNote(event.target.value)}
            maxLength={500}
            hint="For administrators only: shown on this review and in the audit log, never sent to the member."
          />
          {problem ? <Alert tone="error" title={problem} /> : null}
          {decided ? null : (
            <Button type="submit" variant={approving ? 'primary' : 'danger'}>
              {options.find((option) => option.value === status)?.label}
            </Button>
          )}
        </form>
      </CardBody>
      {confirming ? (
        <ConfirmActionDialog
          open
          onClose={() => setConfirming(null)}
          {...decisionConfirmation(confirming, withdrawal)}
          tone={confirming.status === 'APPROVED' ? 'primary' : 'danger'}
          busy={decide.isPending}
          onConfirm={confirm}
          problem={decide.error ? errorText(decide.error, { refusal: serverMessage }) : null}
        />
      ) : null}
    </Card>
  );
}
