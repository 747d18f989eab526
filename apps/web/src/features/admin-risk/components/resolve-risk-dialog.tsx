import { formatCount } from '@uplink/contract/format';
import {
  type RiskEvent,
  type RiskResolution,
  type RiskResolutionResult,
  resolveRiskEventSchema,
  riskRuleTexts,
  riskSeverityLabels,
} from '@uplink/contract/risk';
import { useId, useState } from 'react';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { errorText, serverMessage } from '../../../lib/error-text';
import { useResolveRiskEvent } from '../api/resolve-risk-event';

/** The longest note the server keeps (the contract's limit). */
const noteLimit = 500;

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
  const noteId = useId();
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
      <div>
        <label htmlFor={noteId} className="mb-1.5 block font-medium text-slate-700 text-sm">
          Note (required)
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={noteLimit}
          rows={3}
          aria-invalid={noteProblem ? true : undefined}
          aria-describedby={`${noteId}-count${noteProblem ? ` ${noteId}-error` : ''}`}
          onChange={(change) => {
            setNote(change.target.value);
            setNoteProblem(null);
          }}
          className={`block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600/30 ${
            noteProblem ? 'border-red-500 focus:border-red-600' : 'border-slate-300 focus:border-brand-600'
          }`}
        />
        <div className="mt-1.5 flex items-start justify-between gap-3 text-xs">
          {noteProblem ? (
            <p id={`${noteId}-error`} role="alert" className="text-red-700">
              {noteProblem}
            </p>
          ) : (
            <p className="text-slate-500">Kept in the audit log with the resolution.</p>
          )}
          <p id={`${noteId}-count`} className="shrink-0 text-slate-500 tabular-nums">
            {note.length} / {noteLimit}
          </p>
        </div>
      </div>
    </ConfirmActionDialog>
  );
}
