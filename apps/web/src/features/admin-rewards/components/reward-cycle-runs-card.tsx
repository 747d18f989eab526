import { formatCount, formatDate, formatDateTime, formatUsdt } from '@uplink/contract/format';
import {
  type RewardCycleRun,
  type RewardCycleRuns,
  rewardCycleBasisTexts,
  rewardCycleTexts,
} from '@uplink/contract/reward-runs';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { CsvExportButton } from '../../../components/csv-export-button';
import { PlayIcon } from '../../../components/icons';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import { type Column, columnsShowing } from '../../../components/table';
import { usePermissions } from '../../../lib/permissions';
import type { UseQueryResult } from '../../../lib/query';
import { Link } from '../../../lib/router/router';
import { formatDuration } from '../utils/format-duration';
import { RunRewardCycleDialog } from './run-reward-cycle-dialog';

/** A run's counts and sums, right-aligned; a sum stays on one line. */
const countColumn = columnsShowing((count: number) => formatCount(count), { className: 'text-right' });
const usdtColumn = columnsShowing(formatUsdt, { className: 'text-right whitespace-nowrap' });

const columns: Column<RewardCycleRun>[] = [
  {
    key: 'cycle',
    header: 'Cycle',
    card: 'title',
    cell: (run) => (
      <div className="whitespace-nowrap">
        <p className="font-semibold text-slate-900 tabular-nums">#{run.cycle}</p>
        <p className="text-slate-500 text-xs">
          {formatDate(run.startsAt)} to {formatDate(run.endsAt)}
        </p>
      </div>
    ),
  },
  {
    key: 'source',
    header: 'Source',
    priority: 'low',
    cell: (run) => (
      <div className="whitespace-nowrap">
        <Badge tone="grey">{run.source === 'UPLOAD' ? 'Upload' : 'Exchange'}</Badge>
        <p className="mt-1 text-slate-500 text-xs">
          {run.basis ? rewardCycleBasisTexts[run.basis] : 'Basis not recorded'}
        </p>
      </div>
    ),
  },
  {
    key: 'outcome',
    header: 'Outcome',
    card: 'status',
    cell: (run) =>
      run.outcome === 'DISTRIBUTED' ? (
        <Badge tone="green">Distributed</Badge>
      ) : (
        <Badge tone="amber">Already distributed</Badge>
      ),
  },
  {
    key: 'started',
    header: 'Started',
    priority: 'low',
    cell: (run) => (
      <div className="whitespace-nowrap">
        <p>{formatDateTime(run.startedAt)}</p>
        <p className="text-slate-500 text-xs">
          {run.startedBy ? (
            <Link
              className="text-brand-700 hover:underline"
              to={`/admin/users/${encodeURIComponent(run.startedBy)}`}
              title={run.startedBy}
            >
              by an administrator
            </Link>
          ) : (
            'by the system'
          )}
        </p>
      </div>
    ),
  },
  countColumn({ key: 'input', header: 'Input', priority: 'low', value: (run) => run.inputCount }),
  countColumn({ key: 'matched', header: 'Matched', priority: 'low', value: (run) => run.matchedCount }),
  {
    key: 'unknown',
    header: 'Unknown',
    className: 'text-right',
    priority: 'low',
    cell: (run) => (
      <span className={run.unknownCount > 0 ? 'font-semibold text-amber-800' : ''}>
        {formatCount(run.unknownCount)}
      </span>
    ),
  },
  countColumn({ key: 'written', header: 'Rewards', value: (run) => run.rewardsWritten }),
  usdtColumn({ key: 'master', header: 'Master amount', priority: 'low', value: (run) => run.totalMasterAmount }),
  usdtColumn({ key: 'paid', header: 'Paid', value: (run) => run.totalPaid }),
  usdtColumn({ key: 'locked', header: 'Locked', value: (run) => run.totalLocked }),
  {
    key: 'duration',
    header: 'Duration',
    className: 'text-right whitespace-nowrap',
    priority: 'low',
    cell: (run) => formatDuration(run.durationMs),
  },
  {
    key: 'export',
    header: 'Export',
    card: 'action',
    cell: (run) => (
      <CsvExportButton
        path="/rewards/admin/all/export"
        query={{ cycle: run.cycle }}
        label="CSV"
        accessibleName={`Download the rewards of cycle #${run.cycle} as CSV`}
      />
    ),
  },
];

const wording: ListWording = {
  caption: 'Reward cycle runs',
  noun: 'runs',
  emptyTitle: rewardCycleTexts.noRuns,
  emptyDescription:
    "Each finished cycle is distributed from the exchange's statement or from a statement uploaded here.",
};

/** The result of the run just made, above the list where it now appears. */
function RunOutcome({ run }: { run: RewardCycleRun }) {
  if (run.outcome === 'ALREADY_DISTRIBUTED') {
    return (
      <Alert tone="warning" title={rewardCycleTexts.alreadyDistributed(run.cycle)}>
        Nothing was written.
      </Alert>
    );
  }
  return (
    <Alert tone="success" title={`Cycle #${run.cycle} distributed`}>
      {formatCount(run.rewardsWritten, ['reward', 'rewards'])} written: {formatUsdt(run.totalPaid)} credited,{' '}
      {formatUsdt(run.totalLocked)} locked.
    </Alert>
  );
}

/**
 * The cycle runs with their totals, the last finished cycle and the 'Run a cycle' dialog, each
 * run's export and the dialog as far as the administrator's role permits.
 */
export function RewardCycleRunsCard({
  runs,
  onPageChange,
}: {
  runs: UseQueryResult<RewardCycleRuns>;
  onPageChange: (page: number) => void;
}) {
  const [dialogOpen, setDialogOpen] = useState(false);
  // A new key per opening: the dialog starts from the next cycle to run with no file chosen.
  const [dialogKey, setDialogKey] = useState(0);
  const [lastRun, setLastRun] = useState<RewardCycleRun | null>(null);
  const lastFinished = runs.data?.lastFinishedCycle;
  const permits = usePermissions();
  const shownColumns = permits('rewards.export') ? columns : columns.filter((column) => column.key !== 'export');

  return (
    <Card>
      <CardHeader
        title="Reward cycles"
        subtitle={
          lastFinished && lastFinished.cycle >= 1
            ? `Last finished: cycle #${lastFinished.cycle}, ${formatDate(lastFinished.startsAt)} to ${formatDate(lastFinished.endsAt)} (${lastFinished.distributed ? 'distributed' : 'not distributed yet'})`
            : 'No cycle has finished yet'
        }
        actions={
          permits('cycles.run') ? (
            <Button
              icon={<PlayIcon size={16} />}
              disabled={!lastFinished || lastFinished.cycle < 1}
              onClick={() => {
                setLastRun(null);
                setDialogKey((key) => key + 1);
                setDialogOpen(true);
              }}
            >
              Run a cycle
            </Button>
          ) : undefined
        }
      />
      {lastRun ? (
        <div className="px-5 pt-4 sm:px-6">
          <RunOutcome run={lastRun} />
        </div>
      ) : null}
      <PagedTable
        query={runs}
        rowsIn="runs"
        wording={wording}
        onPageChange={onPageChange}
        columns={shownColumns}
        foldBelow="xl"
      />
      {runs.data && permits('cycles.run') ? (
        <RunRewardCycleDialog
          key={dialogKey}
          open={dialogOpen}
          lastFinishedCycle={runs.data.lastFinishedCycle}
          nextCycle={runs.data.nextCycle}
          onClose={() => setDialogOpen(false)}
          onRun={(run) => {
            setDialogOpen(false);
            setLastRun(run);
            onPageChange(1);
          }}
        />
      ) : null}
    </Card>
  );
}
