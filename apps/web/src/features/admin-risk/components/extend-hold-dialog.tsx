import { fullName } from '@uplink/contract/format';
import { extendRiskHoldSchema, type RiskEvent, type RiskEventMember, riskRuleTexts } from '@uplink/contract/risk';
import { useState } from 'react';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { errorText, serverMessage } from '../../../lib/error-text';
import { useExtendRiskHold } from '../api/extend-risk-hold';
import { RiskNoteField } from './risk-note-field';

/**
 * Extends an open event's hold to one of its earlier holders — named, not held, for the address
 * was theirs first — with a note for the audit log, checked with the contract's schema before
 * anything is sent; a refusal shows in the dialog in the server's words.
 */
export function ExtendHoldDialog({
  event,
  member,
  onClose,
}: {
  event: RiskEvent;
  member: RiskEventMember;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [noteProblem, setNoteProblem] = useState<string | null>(null);
  const extend = useExtendRiskHold(event._id, member._id);

  const submit = async () => {
    const request = extendRiskHoldSchema.safeParse({ note });
    if (!request.success) return setNoteProblem(request.error.issues[0]?.message ?? null);
    setNoteProblem(null);
    try {
      await extend.mutateAsync(request.data);
      onClose();
    } catch {
      // The refusal shows in the dialog (extend.error).
    }
  };

  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      title={`Hold ${fullName(member)} too?`}
      details={[
        { label: 'Rule', value: riskRuleTexts[event.rule].title },
        { label: 'Member', value: `${fullName(member)} · ${member.userId}` },
      ]}
      consequence={
        <p>
          {fullName(member)} was at this address first and is not held. Extended, the hold covers their withdrawals too
          until the event is resolved, and a confirmation locks them with the others.
        </p>
      }
      confirmLabel="Extend the hold"
      tone="danger"
      busy={extend.isPending}
      onConfirm={submit}
      problem={extend.error ? errorText(extend.error, { refusal: serverMessage }) : null}
    >
      <RiskNoteField
        note={note}
        problem={noteProblem}
        hint="Kept in the audit log with the extension."
        onChange={(changed) => {
          setNote(changed);
          setNoteProblem(null);
        }}
      />
    </ConfirmActionDialog>
  );
}
