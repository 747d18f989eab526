import { formatCount, formatUsdt } from '@uplink/contract/format';
import type { CreatePayoutBatchRequest } from '@uplink/contract/payout-batches';
import type { AdminWithdrawal } from '@uplink/contract/withdrawals';
import { Decimal } from 'decimal.js';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/error-text';
import { useNavigate } from '../../../lib/router/router';
import { useCreatePayoutBatch } from '../api/create-payout-batch';
import { useBatchableCount } from '../api/get-batchable-count';
import { batchable, type WithdrawalSelection } from './withdrawal-selection';

const withdrawalNoun = ['withdrawal', 'withdrawals'] as const;

/** What "Create batch" would batch, as the confirmation shows it; `total` is null where the list cannot tell it. */
interface BatchPlan {
  request: CreatePayoutBatchRequest;
  count: number;
  total: number | null;
}

function planOf(
  selection: WithdrawalSelection,
  search: string,
  matching: BatchableCount | undefined,
): BatchPlan | null {
  if (selection.allMatching) {
    if (!matching || matching.count === 0) return null;
    const filter = search ? { search, status: 'PENDING' as const } : { status: 'PENDING' as const };
    return { request: { filter }, count: matching.count, total: matching.total };
  }
  if (selection.chosen.size === 0) return null;
  const chosen = [...selection.chosen.values()];
  const total = chosen.reduce((sum, w) => sum.plus(w.amount), new Decimal(0)).toNumber();
  return { request: { withdrawalIds: chosen.map((w) => w._id) }, count: chosen.length, total };
}

type BatchableCount = NonNullable<ReturnType<typeof useBatchableCount>['data']>;

/**
 * Above the admin list: choose the page's pending rows or every pending withdrawal the search
 * matches, then "Create batch" — confirmed with the count and total, refused in the server's words.
 */
export function BatchSelectionBar({
  selection,
  rows,
  search,
}: {
  selection: WithdrawalSelection;
  /** The page on screen. */
  rows: readonly AdminWithdrawal[];
  /** The settled search of the list ('' for none). */
  search: string;
}) {
  const matching = useBatchableCount(search);
  const [confirming, setConfirming] = useState(false);
  const plan = planOf(selection, search, matching.data);
  const pending = rows.filter(batchable);
  const pageChosen = pending.length > 0 && pending.every((row) => selection.chosen.has(row._id));

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-slate-100 border-b px-5 pt-3 pb-4 sm:px-6">
      <Checkbox
        label="Select the pending withdrawals on this page"
        checked={selection.allMatching || pageChosen}
        disabled={selection.allMatching || pending.length === 0}
        onChange={() => selection.togglePage(rows)}
      />
      {!selection.allMatching && matching.data && matching.data.count > 0 ? (
        <Button variant="ghost" size="sm" onClick={selection.chooseAllMatching}>
          {`Select all ${formatCount(matching.data.count)} pending matching the filter`}
        </Button>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        {plan ? (
          <>
            <output className="text-slate-700 text-sm">
              {selection.allMatching
                ? `All ${formatCount(plan.count, withdrawalNoun)} matching selected`
                : `${formatCount(plan.count, withdrawalNoun)} selected · ${formatUsdt(plan.total ?? 0)}`}
            </output>
            <Button variant="ghost" size="sm" onClick={selection.clear}>
              Clear
            </Button>
          </>
        ) : null}
        <Button size="sm" disabled={!plan} onClick={() => setConfirming(true)}>
          Create batch
        </Button>
      </div>
      {plan && confirming ? (
        <CreateBatchDialog
          plan={plan}
          search={search}
          onClose={() => setConfirming(false)}
          onCreated={selection.clear}
        />
      ) : null}
    </div>
  );
}

function CreateBatchDialog({
  plan,
  search,
  onClose,
  onCreated,
}: {
  plan: BatchPlan;
  search: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const creation = useCreatePayoutBatch();
  const navigate = useNavigate();
  const fromFilter = plan.request.filter !== undefined;
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!creation.isPending}
      title="Create a payout batch"
      description={
        fromFilter
          ? `Every pending withdrawal ${search ? `matching “${search}”` : 'in the list'} that is in no open batch; those of members under risk review stay out.`
          : 'The withdrawals you selected.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={creation.isPending}>
            Cancel
          </Button>
          <Button
            busy={creation.isPending}
            onClick={async () => {
              try {
                const batch = await creation.mutateAsync(plan.request);
                onCreated();
                navigate(`/admin/withdrawals/batches/${batch._id}`);
              } catch {
                // The dialog shows the refusal below.
              }
            }}
          >
            {`Create batch of ${formatCount(plan.count, withdrawalNoun)}`}
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
        <dt className="font-semibold text-slate-500">Withdrawals</dt>
        <dd className="text-slate-900 tabular-nums">{formatCount(plan.count)}</dd>
        <dt className="font-semibold text-slate-500">Total</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">
          {plan.total === null ? 'Added up by the server' : formatUsdt(plan.total)}
        </dd>
      </dl>
      {fromFilter ? (
        <p className="mt-3 text-slate-600 text-sm">
          Withdrawals already in an open batch are left out, so the batch may hold fewer.
        </p>
      ) : null}
      {creation.isError ? (
        <div className="mt-4">
          <Alert tone="error" title="The batch was not created">
            {errorText(creation.error)}
          </Alert>
        </div>
      ) : null}
    </Modal>
  );
}
