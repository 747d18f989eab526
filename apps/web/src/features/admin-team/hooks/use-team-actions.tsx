import type { AdminInvitation } from '@uplink/contract/admin-team';
import { useState } from 'react';
import type { ToastTone } from '../../../components/toast';
import {
  AccessChangeDialog,
  type AdministratorAction,
  ChangeRoleDialog,
  RevokeInvitationDialog,
} from '../components/team-action-dialogs';

/**
 * The team screen's actions: `start` and `revoke` open their confirmation; the outcome is the
 * screen's toast, a refusal stays in the confirmation with the server's words.
 */
export function useTeamActions(showToast: (text: string, tone: ToastTone) => void) {
  const [action, setAction] = useState<AdministratorAction | null>(null);
  const [revoking, setRevoking] = useState<AdminInvitation | null>(null);
  const close = () => {
    setAction(null);
    setRevoking(null);
  };
  const done = (text: string) => {
    close();
    showToast(text, 'success');
  };
  const dialogs = (
    <>
      <ChangeRoleDialog
        administrator={action?.kind === 'role' ? action.administrator : null}
        onClose={close}
        onDone={done}
      />
      <AccessChangeDialog
        action={action && action.kind !== 'role' ? { change: action.kind, administrator: action.administrator } : null}
        onClose={close}
        onDone={done}
      />
      <RevokeInvitationDialog invitation={revoking} onClose={close} onDone={done} />
    </>
  );
  return { start: setAction, revoke: setRevoking, dialogs };
}
