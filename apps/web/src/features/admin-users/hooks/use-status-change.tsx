import { adminUserTexts } from '@uplink/contract/admin-users';
import { useState } from 'react';
import type { ToastTone } from '../../../components/toast';
import { StatusChangeDialogs, type StatusChangeTarget } from '../components/status-change-dialogs';

/**
 * A screen's status changes (the users list and the member detail): `edit` opens the dialogs; the
 * outcome is the screen's toast, and a refusal also stays on screen as `problem`.
 */
export function useStatusChange(showToast: (text: string, tone: ToastTone) => void) {
  const [editing, setEditing] = useState<StatusChangeTarget | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const dialogs = (
    <StatusChangeDialogs
      member={editing}
      onClose={() => setEditing(null)}
      onChanged={(status) => {
        setEditing(null);
        showToast(adminUserTexts.statusUpdated(status), 'success');
      }}
      onFailed={(message) => {
        setEditing(null);
        setProblem(message);
        showToast(adminUserTexts.statusUpdateFailed, 'error');
      }}
    />
  );
  const edit = (member: StatusChangeTarget) => {
    setProblem(null);
    setEditing(member);
  };
  return { edit, problem, dialogs };
}
