import { riskTexts } from '@uplink/contract/risk-texts';
import type { AdminWithdrawal } from '@uplink/contract/withdrawals';
import { useState } from 'react';
import { Badge } from '../../../components/badge';
import { Checkbox } from '../../../components/checkbox';
import type { Column } from '../../../components/table';

/**
 * The withdrawals chosen for a batch on the admin list: single pending rows (kept across pages,
 * with their amounts for the total), or every pending withdrawal the search matches.
 */
export interface WithdrawalSelection {
  chosen: ReadonlyMap<string, AdminWithdrawal>;
  allMatching: boolean;
  toggle: (withdrawal: AdminWithdrawal) => void;
  /** Chooses every pending row of the page, or leaves them all when each is chosen already. */
  togglePage: (rows: readonly AdminWithdrawal[]) => void;
  chooseAllMatching: () => void;
  clear: () => void;
}

/**
 * Why a pending withdrawal is offered for no batch (a payment of it is sent or under way, a batch
 * holds it, or its member is held by risk review, which the server refuses with
 * MEMBER_UNDER_REVIEW); null: it may be batched.
 */
export function batchingMark(withdrawal: AdminWithdrawal): string | null {
  if (withdrawal.status !== 'PENDING') return null;
  if (withdrawal.paymentSeenIn) return 'Payment sent';
  if (withdrawal.inOpenBatch) return 'In a batch';
  if (withdrawal.paymentUnderWay) return 'Payment under way';
  if (withdrawal.risk?.held) return riskTexts.heldInPlace;
  return null;
}

export const batchable = (withdrawal: AdminWithdrawal) =>
  withdrawal.status === 'PENDING' && batchingMark(withdrawal) === null;

export function useWithdrawalSelection(): WithdrawalSelection {
  const [chosen, setChosen] = useState<ReadonlyMap<string, AdminWithdrawal>>(new Map());
  const [allMatching, setAllMatching] = useState(false);
  return {
    chosen,
    allMatching,
    toggle: (withdrawal) =>
      setChosen((current) => {
        const next = new Map(current);
        if (next.has(withdrawal._id)) next.delete(withdrawal._id);
        else next.set(withdrawal._id, withdrawal);
        return next;
      }),
    togglePage: (rows) =>
      setChosen((current) => {
        const pending = rows.filter(batchable);
        const next = new Map(current);
        const every = pending.every((row) => current.has(row._id));
        for (const row of pending) {
          if (every) next.delete(row._id);
          else next.set(row._id, row);
        }
        return next;
      }),
    chooseAllMatching: () => {
      setChosen(new Map());
      setAllMatching(true);
    },
    clear: () => {
      setChosen(new Map());
      setAllMatching(false);
    },
  };
}

/**
 * The first column of the admin list: a checkbox on each pending row that may be batched (a
 * labelled line on the narrow cards); a pending row in a batch, under payment or held by risk
 * review says so instead.
 */
export function selectionColumn(selection: WithdrawalSelection): Column<AdminWithdrawal> {
  return {
    key: 'select',
    header: <span className="sr-only">Select for a batch</span>,
    label: 'Batch',
    className: 'w-12',
    cell: (w) =>
      batchingMark(w) ? (
        <Badge tone="amber">{batchingMark(w)}</Badge>
      ) : batchable(w) ? (
        // The row opens the review; a click on its checkbox only chooses it.
        // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only stops the row's click from bubbling.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox inside handles the keyboard itself.
        <div onClick={(event) => event.stopPropagation()}>
          <Checkbox
            label={<span className="sr-only">{`Select the withdrawal of ${w.user.firstName} ${w.user.lastName}`}</span>}
            checked={selection.allMatching || selection.chosen.has(w._id)}
            disabled={selection.allMatching}
            onChange={() => selection.toggle(w)}
          />
        </div>
      ) : (
        <span className="text-slate-400">-</span>
      ),
  };
}
