import { formatDate, formatDateTime } from '@uplink/contract/format';
import { invitationTexts } from '@uplink/contract/invitation-texts';
import type { Invitee } from '@uplink/contract/invitations';
import { type InviteeStage, inviteeStageLabels, inviteeStages } from '@uplink/contract/invitee-stages';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ChoiceFilter } from '../../../components/filter-bar';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import { actionColumn, type Column } from '../../../components/table';
import { TwoLineCell } from '../../../components/table-cells';
import { Toast, useToast } from '../../../components/toast';
import { errorText, loadFailure } from '../../../lib/error-text';
import { useInvitees } from '../api/get-invitees';
import { useRemindInvitee } from '../api/remind-invitee';

const stageTones: Record<InviteeStage, BadgeTone> = {
  REGISTERED: 'grey',
  EMAIL_VERIFIED: 'blue',
  PARTLY_PAID: 'amber',
  SUBSCRIPTION_PAID: 'violet',
  UID_LINKED: 'amber',
  ELIGIBLE: 'brand',
  EARNING: 'green',
};

/** The Remind button, or why there is none: withheld for good, or not before a moment it names. */
function RemindCell({ invitee, onRemind, busy }: { invitee: Invitee; onRemind: () => void; busy: boolean }) {
  if (invitee.reminderWithheld || invitee.remindableAt === null) {
    return <span className="text-slate-500 text-xs">{invitee.reminderWithheld}</span>;
  }
  const later = new Date(invitee.remindableAt).getTime() > Date.now();
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        size="sm"
        variant="secondary"
        busy={busy}
        disabled={later}
        onClick={onRemind}
        aria-label={`Remind ${invitee.name}`}
      >
        {invitationTexts.remind}
      </Button>
      {later ? (
        <span className="text-slate-500 text-xs">
          {invitationTexts.remindAgainAt(formatDateTime(invitee.remindableAt))}
        </span>
      ) : null}
    </div>
  );
}

const wording = (stage: InviteeStage | undefined): ListWording => ({
  caption: 'Your invitees',
  noun: 'invitees',
  failure: loadFailure(invitationTexts.loadFailed, invitationTexts.loadFailed),
  emptyTitle: invitationTexts.noInvitees,
  emptyDescription: invitationTexts.noInviteesHint,
  noneMatchingTitle: stage ? `Nobody at "${inviteeStageLabels[stage]}"` : undefined,
  noneMatching: 'Choose "All stages" to see everyone you invited.',
});

/** The member's level-1 invitees: where each stands, since when, what they need, and a Remind button. */
export function InviteeList() {
  const [stage, setStage] = useState<InviteeStage | undefined>(undefined);
  const [page, setPage] = useState(1);
  const invitees = useInvitees({ stage, page, limit: 10 });
  const remind = useRemindInvitee();
  const { toast, showToast, dismissToast } = useToast();

  const columns: Column<Invitee>[] = [
    {
      key: 'invitee',
      header: 'Invitee',
      card: 'title',
      cell: (invitee) => <TwoLineCell main={invitee.name} detail={invitee.email} />,
    },
    {
      key: 'stage',
      header: 'Stage',
      card: 'status',
      cell: (invitee) => (
        <div>
          <Badge tone={stageTones[invitee.stage]}>{invitee.stageLabel}</Badge>
          <p className="mt-1 text-slate-500 text-xs">since {formatDate(invitee.stageSince)}</p>
        </div>
      ),
    },
    {
      key: 'needs',
      header: 'What they need',
      cell: (invitee) => <span className="text-slate-700">{invitee.needs ?? 'Nothing: they are earning'}</span>,
    },
    actionColumn({
      key: 'remind',
      header: 'Action',
      className: 'text-right',
      cell: (invitee) => (
        <RemindCell
          invitee={invitee}
          busy={remind.isPending && remind.variables === invitee._id}
          onRemind={() =>
            remind.mutate(invitee._id, {
              onSuccess: () => showToast(invitationTexts.reminded(invitee.name), 'success'),
              onError: (error) => showToast(errorText(error), 'error'),
            })
          }
        />
      ),
    }),
  ];

  return (
    <div className="min-w-0 space-y-3">
      <div className="max-w-xs">
        <ChoiceFilter
          label="Stage"
          allLabel={invitationTexts.allStages}
          choices={inviteeStages}
          labelOf={(choice) => inviteeStageLabels[choice]}
          value={stage}
          onChange={(chosen) => {
            setStage(chosen);
            setPage(1);
          }}
        />
      </div>
      <PagedTable
        query={invitees}
        rowsIn="invitees"
        wording={wording(stage)}
        filtered={stage !== undefined}
        summary="positions"
        onPageChange={setPage}
        columns={columns}
        foldBelow="md"
      />
      <Toast toast={toast} onDismiss={dismissToast} />
    </div>
  );
}
