import { formatCount } from '@uplink/contract/format';
import {
  type RiskEvent,
  type RiskResolution,
  type RiskResolutionResult,
  resolveRiskEventSchema,
  riskRuleTexts,
  riskSeverityLabels,
} from '@uplink/contract/risk';
import { useState } from 'react';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { errorText, serverMessage } from '../../../lib/error-text';
import { useResolveRiskEvent } from '../api/resolve-risk-event';
import { RiskNoteField } from './risk-note-field';

const members = (count: number) => formatCount(count, ['member', 'members']);

/** What follows from each resolution, said before it is taken. */
function consequence(resolution: RiskResolution, event: RiskEvent) {
  const count = members(event.memberCount);
  if (resolution === 'CONFIRMED') {
    return (
      <p>
        The {count} of this cluster are <strong>locked</strong> and their pending withdrawals <strong>blocked</strong>,
        in one step. Your note is kept as the internal reason; the members read a neutral reason.
      </p>
    );
  }
  return (
    <p>
      The hold on the {count} is <strong>released</strong>: their withdrawals can be approved and paid again. The same
      evidence never raises this event again.
    </p>
  );
}

/**
 * Dismiss or confirm an event, with a note for the audit log (required, at most 500 characters,
 * counted as it is typed). The note is checked with the contract's schema before anything is sent;
 * a refusal (already resolved, not found) shows in the dialog in the server's words.
 */
export function ResolveRiskDialog({
  event,
  resolution,
  onClose,
  onResolved,
}: {
  event: RiskEvent;
  resolution: RiskResolution;
  onClose: () => void;
  onResolved: (result: RiskResolutionResult) => void;
}) {
  const [note, setNote] = useState('');
  const [noteProblem, setNoteProblem] = useState<string | null>(null);
  const resolve = useResolveRiskEvent(event._id);
  const confirming = resolution === 'CONFIRMED';

  const submit = async () => {
    const request = resolveRiskEventSchema.safeParse({ resolution, note });
    if (!request.success) return setNoteProblem(request.error.issues[0]?.message ?? null);
    setNoteProblem(null);
    try {
      onResolved(await resolve.mutateAsync(request.data));
    } catch {
      // The refusal shows in the dialog (resolve.error); resolved meanwhile, the queue reloads and shows how.
    }
  };

  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      title={confirming ? 'Confirm this risk event?' : 'Dismiss this risk event?'}
      details={[
        { label: 'Rule', value: riskRuleTexts[event.rule].title },
        { label: 'Severity', value: riskSeverityLabels[event.severity] },
        { label: 'Members', value: members(event.memberCount) },
      ]}
      consequence={consequence(resolution, event)}
      confirmLabel={confirming ? `Confirm and lock ${members(event.memberCount)}` : 'Dismiss the event'}
      tone={confirming ? 'danger' : 'primary'}
      busy={resolve.isPending}
      onConfirm={submit}
      problem={resolve.error ? errorText(resolve.error, { refusal: serverMessage }) : null}
    >
      <RiskNoteField
        note={note}
        problem={noteProblem}
        hint="Kept in the audit log with the resolution."
        onChange={(changed) => {
          setNote(changed);
          setNoteProblem(null);
        }}
      />
    </ConfirmActionDialog>
  );
}
