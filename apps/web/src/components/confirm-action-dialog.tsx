import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';

/** One thing the action is about: the member or batch, the amount, the wallet. */
export interface ConfirmedDetail {
  label: string;
  value: ReactNode;
}

/**
 * The one confirmation every money action goes through (approve, reject, block, pay, release,
 * run a cycle, delete a member): it names what the action is about — member or batch, amount,
 * wallet (shortened as lists shorten it) — says what follows from it, and its confirm button says
 * the action ("Approve 5.00 USDT"), so nothing moves money on one click. While the call runs the
 * dialog cannot be dismissed; a refusal shows in it, above the buttons, and the dialog stays open.
 */
export function ConfirmActionDialog({
  open,
  onClose,
  title,
  details,
  consequence,
  confirmLabel,
  tone = 'primary',
  busy,
  onConfirm,
  problem,
  blocked,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The action as a question: "Approve this withdrawal?" */
  title: string;
  details: ConfirmedDetail[];
  /** What follows from the action, in a sentence or two. */
  consequence: ReactNode;
  /** The action and its amount: "Approve 5.00 USDT". */
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  busy: boolean;
  onConfirm: () => void;
  /** Why the last try failed (the server's words). */
  problem?: string | null;
  /** Why the action cannot be taken now: said up front, and the confirm button stays disabled. */
  blocked?: string | null;
  /** What the action asks for besides the confirmation (a reason the audit log keeps). */
  children?: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!busy}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={tone} busy={busy} disabled={Boolean(blocked)} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm">
        <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4">
          {details.map((detail) => (
            <div key={detail.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
              <dt className="text-slate-600">{detail.label}</dt>
              <dd className="min-w-0 break-words text-right font-medium text-slate-900 tabular-nums">{detail.value}</dd>
            </div>
          ))}
        </dl>
        <div className="text-slate-700">{consequence}</div>
        {children}
        {blocked ? <Alert tone="warning" title={blocked} /> : null}
        {problem ? <Alert tone="error" title={problem} /> : null}
      </div>
    </Modal>
  );
}
